import { ERRORS, type FollowUpDto, SUCCESS } from '@lectern/shared';
import { UploadProgress } from '../../../components/ui/UploadProgress';
import { uploadFailureReason } from '../../../lib/uploads/upload-failure';
import { useUploadFollowUpAnswer } from '../api/follow-up-video-api';
import { AnswerUploadForm, type UploadOutcome } from './AnswerUploadForm';

/** Uploads an answer video to the follow-up through the resumable uploader, as the respond page's form. */
export function FollowUpVideoForm({ questionId, followUp }: { questionId: string; followUp: FollowUpDto }) {
  const answer = useUploadFollowUpAnswer();
  const { progress } = answer;
  const busy = progress.fraction !== null;
  const upload = async (file: File): Promise<UploadOutcome> => {
    try {
      await answer.mutateAsync({ file, questionId, followUpId: followUp._id, title: 'Follow-up answer' });
      return { ok: true, message: SUCCESS.fileUploadSuccessful };
    } catch (error) {
      return { ok: false, message: `${ERRORS.fileUploadFailedPrefix}${uploadFailureReason(error)}` };
    }
  };
  return (
    <details>
      <summary>Answer by video</summary>
      <AnswerUploadForm
        upload={upload}
        busy={busy}
        progress={busy && <UploadProgress fileName={progress.fileName} fraction={progress.fraction ?? 0} />}
      />
    </details>
  );
}
