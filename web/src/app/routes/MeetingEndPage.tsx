import { ERRORS, STATUS_TEXT } from '@lectern/shared';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { Page } from '../../components/ui/Page';
import { useMarkProcessing } from '../../features/questions/api/question-mutations';

/** Landing after a meeting ends (SPEC §2): the question becomes processing, then the window can close. */
export function MeetingEndPage() {
  const { questionID = '' } = useParams();
  const { mutate, isError } = useMarkProcessing();
  useEffect(() => {
    mutate(questionID);
  }, [mutate, questionID]);

  return (
    <Page title="Meeting ended">
      <p role="status">{STATUS_TEXT.meetingEnded}</p>
      {isError && <p className="error-text">{ERRORS.questionStatusFailed}</p>}
    </Page>
  );
}
