import { ERRORS, STATUS_TEXT } from '@lectern/shared';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { Page } from '../../components/ui/Page';
import { AfterMeeting } from '../../features/questions/components/AfterMeeting';
import { useMarkProcessing } from '../../features/questions/api/question-mutations';
import { ApiError } from '../../lib/api-client';

/** Only the course's admins may set the status; the asker lands here too, and has nothing to fix. */
const NOT_THEIRS = [403, 404];

/**
 * Landing after a meeting ends (SPEC §2): the question becomes processing (an instructor's call; the
 * asker's is refused and says nothing), and the way back to the lecture.
 */
export function MeetingEndPage() {
  const { questionID = '' } = useParams();
  const { mutate, error } = useMarkProcessing();
  useEffect(() => {
    mutate(questionID);
  }, [mutate, questionID]);
  const failed = error && !(error instanceof ApiError && NOT_THEIRS.includes(error.status));

  return (
    <Page title="Meeting ended">
      <p role="status">{STATUS_TEXT.meetingEnded}</p>
      {failed && <p className="error-text">{ERRORS.questionStatusFailed}</p>}
      <AfterMeeting questionId={questionID} />
    </Page>
  );
}
