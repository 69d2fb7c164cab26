import { ERRORS, FETCH_ERRORS, LOADING, POLL_MS, SUCCESS, formatVideoTime } from '@lectern/shared';
import { useRef, useState } from 'react';
import { useParams } from 'react-router';
import { Page } from '../../components/ui/Page';
import { useUploadAnswer } from '../../features/questions/api/question-mutations';
import {
  useManagedQuestions,
  useQuestion,
  useVideoWithQuestions,
} from '../../features/questions/api/questions-api';
import { AnswerSent } from '../../features/questions/components/AnswerSent';
import { AnswerTextForm } from '../../features/questions/components/AnswerTextForm';
import { AnswerUploadForm, type UploadOutcome } from '../../features/questions/components/AnswerUploadForm';
import { DeleteQuestionBox } from '../../features/questions/components/DeleteQuestionBox';
import { FollowUps } from '../../features/questions/components/FollowUps';
import { FollowUpVideoForm } from '../../features/questions/components/FollowUpVideoForm';
import { StudentAnswers } from '../../features/questions/components/StudentAnswers';
import { PossibleAnswers } from '../../features/questions/components/PossibleAnswers';
import { QuestionDetails } from '../../features/questions/components/QuestionDetails';
import { nextToAnswer } from '../../features/questions/utils/question-lists';
import { ANSWER_LINKED, ANSWER_WRITTEN } from '../../features/questions/utils/answer-texts';
import { useUser } from '../../features/auth/session-context';
import { LecturePlayer } from '../../features/player/components/LecturePlayer';
import type { PlayerHandle } from '../../features/player/types';
import { LiveMeetingPanel, RecordInMeeting } from '../../features/meetings';
import { Recorder } from '../../features/recording';
import { UploadProgress } from '../../components/ui/UploadProgress';
import { uploadFailureReason } from '../../lib/uploads/upload-failure';
import { CourseAdminOnly } from '../layout/CourseAdminOnly';

/**
 * The instructor answers one question (SPEC §2 Respond): details, the lecture at the moment it was asked,
 * an answer in words, mp4 upload, a recording, an earlier answer ("Possibly answered by …", issue 24), or
 * delete; once answered, on to the next question (issue 11 #6).
 */
/** What the panel after an answer says; an upload keeps AnswerSent's own wording. */
const SENT_MESSAGES = { uploaded: undefined, written: ANSWER_WRITTEN, linked: ANSWER_LINKED } as const;

export function RespondPage() {
  const { questionID = '' } = useParams();
  // "Next question" opens the same route: a fresh view, not this one's answered state.
  return <RespondView key={questionID} questionID={questionID} />;
}

function RespondView({ questionID }: { questionID: string }) {
  const user = useUser();
  const question = useQuestion(questionID);
  const waiting = useManagedQuestions(user.id, POLL_MS.actionItems);
  const video = useVideoWithQuestions(question.data?.videoId, { lectureId: question.data?.lectureID });
  const player = useRef<PlayerHandle | null>(null);
  const [sent, setSent] = useState<'uploaded' | 'written' | 'linked' | null>(null);
  const answer = useUploadAnswer();
  const { progress } = answer;
  // Which form the running upload came from: its progress bar shows there, not in both.
  const [sendingRecording, setSendingRecording] = useState(false);
  const recorderHeading = useRef<HTMLHeadingElement>(null);

  if (question.isPending) return <p role="status">{LOADING.questionDetails}</p>;
  if (question.isError || video.isError) {
    return (
      <Page title="Respond to question">
        <p role="alert">{ERRORS.questionNotFound}</p>
      </Page>
    );
  }
  const q = question.data;

  const sendAnswer = async (file: File): Promise<UploadOutcome> => {
    try {
      await answer.mutateAsync({ file, questionID: q.id, title: `Response: ${q.question}`.slice(0, 200) });
      setSent('uploaded');
      return { ok: true, message: SUCCESS.fileUploadSuccessful };
    } catch (error) {
      return { ok: false, message: `${ERRORS.fileUploadFailedPrefix}${uploadFailureReason(error)}` };
    }
  };

  const sendRecording = async (file: File): Promise<UploadOutcome> => {
    setSendingRecording(true);
    try {
      return await sendAnswer(file);
    } finally {
      setSendingRecording(false);
    }
  };
  const busy = progress.fraction !== null;
  const progressBar = busy && (
    <UploadProgress fileName={progress.fileName} fraction={progress.fraction ?? 0} />
  );

  const studentView = `/video/${q.videoId}${q.lectureID ? `?lectureId=${q.lectureID}` : ''}`;
  return (
    <CourseAdminOnly courseId={video.data?.courseID} studentView={studentView}>
      <Page title="Respond to question">
        <QuestionDetails question={q} />
        {sent && <AnswerSent nextId={nextToAnswer(waiting.items, q.id)?.id} message={SENT_MESSAGES[sent]} />}
        <PossibleAnswers question={q} userId={user.id} onLinked={() => setSent('linked')} />
        <section aria-labelledby="asked-at-heading">
          <h2 id="asked-at-heading">{`The lecture at ${formatVideoTime(q.timeAsked)}, where it was asked`}</h2>
          {video.data && <LecturePlayer video={video.data} handle={player} startAt={q.timeAsked} />}
        </section>
        {q.status === 'live' && <LiveMeetingPanel questionId={q.id} questionText={q.question} />}
        {q.response && (
          <FollowUps
            questionId={q.id}
            questionHidden={q.hidden}
            extra={(f) => (
              <FollowUpVideoForm
                questionId={q.id}
                followUp={f}
                recorder={(send, sending, sendProgress) => (
                  <Recorder
                    finishLabel="Upload recording"
                    onFinish={send}
                    busy={sending}
                    progress={sendProgress}
                  />
                )}
              />
            )}
          />
        )}
        <StudentAnswers questionId={q.id} />
        <h2>Answer in words</h2>
        <AnswerTextForm question={q} onAnswered={() => setSent('written')} />
        <h2>Upload a response video</h2>
        <AnswerUploadForm upload={sendAnswer} busy={busy} progress={!sendingRecording && progressBar} />
        <h2 ref={recorderHeading} tabIndex={-1}>
          Record a response video
        </h2>
        <Recorder
          finishLabel="Upload recording"
          onFinish={sendRecording}
          busy={busy}
          progress={sendingRecording && progressBar}
        />
        <h2>Record a response</h2>
        <RecordInMeeting
          questionId={q.id}
          questionText={q.question}
          onInBrowser={() => recorderHeading.current?.focus()}
        />
        <h2>Delete this question</h2>
        <div className="form">
          <DeleteQuestionBox questionId={q.id} />
        </div>
        {question.isRefetchError && <p className="error-text">{FETCH_ERRORS.questions}</p>}
      </Page>
    </CourseAdminOnly>
  );
}
