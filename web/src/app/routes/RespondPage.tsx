import { ERRORS, FETCH_ERRORS, LOADING, SUCCESS, UPLOAD_KINDS } from '@lectern/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { Page } from '../../components/ui/Page';
import { QUESTIONS_KEY, useQuestion } from '../../features/questions/api/questions-api';
import { AnswerUploadForm, type UploadOutcome } from '../../features/questions/components/AnswerUploadForm';
import { DeleteQuestionBox } from '../../features/questions/components/DeleteQuestionBox';
import { QuestionDetails } from '../../features/questions/components/QuestionDetails';
import { UploadProgress, useTusUpload } from '../../features/uploads';

/** The HTTP status of a failed tus request, when there was an answer at all. */
function failedStatus(error: unknown): string {
  const response = (error as { originalResponse?: { getStatus(): number } | null }).originalResponse;
  return response ? String(response.getStatus()) : (error as Error).message;
}

/** The instructor answers one question (SPEC §2 Respond): details, mp4 upload, or delete. */
export function RespondPage() {
  const { questionID = '' } = useParams();
  const queryClient = useQueryClient();
  const question = useQuestion(questionID);
  const { upload, progress } = useTusUpload();

  if (question.isPending) return <p role="status">{LOADING.questionDetails}</p>;
  if (question.isError) {
    return (
      <Page title="Respond to question">
        <p role="alert">{ERRORS.questionNotFound}</p>
      </Page>
    );
  }
  const q = question.data;

  const sendAnswer = async (file: File): Promise<UploadOutcome> => {
    try {
      await upload(file, {
        metadata: {
          kind: UPLOAD_KINDS.response,
          questionID: q.id,
          title: `Response: ${q.question}`.slice(0, 200),
        },
      });
      void queryClient.invalidateQueries({ queryKey: QUESTIONS_KEY });
      return { ok: true, message: SUCCESS.fileUploadSuccessful };
    } catch (error) {
      return { ok: false, message: `${ERRORS.fileUploadFailedPrefix}${failedStatus(error)}` };
    }
  };

  return (
    <Page title="Respond to question">
      <QuestionDetails question={q} />
      <h2>Upload a response video</h2>
      <AnswerUploadForm
        upload={sendAnswer}
        busy={progress.fraction !== null}
        progress={
          progress.fraction !== null && (
            <UploadProgress fileName={progress.fileName} fraction={progress.fraction} />
          )
        }
      />
      <h2>Record a response</h2>
      <p className="hint">Recording a response in a virtual meeting room is not available yet.</p>
      <h2>Delete this question</h2>
      <div className="form">
        <DeleteQuestionBox questionId={q.id} />
      </div>
      {question.isRefetchError && <p className="error-text">{FETCH_ERRORS.questions}</p>}
    </Page>
  );
}
