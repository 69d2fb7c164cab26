import { ERRORS, type FollowUpDto, SUCCESS } from '@lectern/shared';
import type { ReactNode } from 'react';
import { UploadProgress } from '../../../components/ui/UploadProgress';
import { uploadFailureReason } from '../../../lib/uploads/upload-failure';
import { useUploadFollowUpAnswer } from '../api/follow-up-video-api';
import { AnswerUploadForm, type UploadOutcome } from './AnswerUploadForm';

/**
 * The browser recorder the respond page lends (features do not import each other): it sends its take with
 * `send`, through the same upload as a chosen file.
 */
export type FollowUpRecorder = (
  send: (file: File) => Promise<UploadOutcome>,
  busy: boolean,
  progress: ReactNode,
) => ReactNode;

/**
 * Uploads an answer video to the follow-up through the resumable uploader, as the respond page's form, or
 * records one in the browser with `recorder`.
 */
export function FollowUpVideoForm({
  questionId,
  followUp,
  recorder,
}: {
  questionId: string;
  followUp: FollowUpDto;
  recorder: FollowUpRecorder;
}) {
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
  const progressBar = busy && (
    <UploadProgress fileName={progress.fileName} fraction={progress.fraction ?? 0} />
  );
  return (
    <>
      <details>
        <summary>Answer by video</summary>
        <AnswerUploadForm upload={upload} busy={busy} progress={progressBar} />
      </details>
      <details>
        <summary>Record a video answer</summary>
        {recorder(upload, busy, progressBar)}
      </details>
    </>
  );
}
