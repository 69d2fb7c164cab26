import { ERRORS } from '@lectern/shared';
import { useParams } from 'react-router';
import { Page } from '../../components/ui/Page';
import { UploadProgress } from '../../components/ui/UploadProgress';
import { MeetingRoom, type UploadRecording } from '../../features/meeting-room';
import { AfterMeeting } from '../../features/questions/components/AfterMeeting';
import { useUploadAnswer } from '../../features/questions/api/question-mutations';
import { uploadFailureReason } from '../../lib/uploads/upload-failure';

export const RECORDING_UPLOADED =
  'The recording of the meeting was uploaded. It becomes the answer once it is processed.';

/**
 * A live question's room (built-in provider): the asker and the course's admins meet; the instructor's
 * recording goes through the respond page's upload, so it becomes the answer like any other.
 */
export function RoomPage() {
  const { questionId = '' } = useParams();
  const answer = useUploadAnswer();
  const { progress } = answer;

  const uploadRecording: UploadRecording = async (file) => {
    try {
      await answer.mutateAsync({ file, questionID: questionId, title: 'Live discussion' });
      return { ok: true, message: RECORDING_UPLOADED };
    } catch (error) {
      return { ok: false, message: `${ERRORS.fileUploadFailedPrefix}${uploadFailureReason(error)}` };
    }
  };

  return (
    <Page title="Live meeting">
      <MeetingRoom
        key={questionId}
        questionId={questionId}
        uploadRecording={uploadRecording}
        after={<AfterMeeting questionId={questionId} />}
        progress={
          progress.fraction !== null && (
            <UploadProgress fileName={progress.fileName} fraction={progress.fraction} />
          )
        }
      />
    </Page>
  );
}
