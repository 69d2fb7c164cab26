import { ERRORS } from '@lectern/shared';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useRecordResponse } from '../api/meeting-mutations';
import { openMeetingWindow } from '../open-meeting';

/**
 * "Record a response through a meeting tool" (SPEC §2 Respond): a meeting room for the instructor alone,
 * whose recording becomes the answer. The built-in provider records in this very page: its answer is
 * this page's address, and the in-browser recorder is shown instead (`onInBrowser`).
 */
const isThisPage = (url: string) => new URL(url, window.location.href).pathname === window.location.pathname;

export function RecordInMeeting({
  questionId,
  questionText,
  onInBrowser,
}: {
  questionId: string;
  questionText: string;
  onInBrowser: () => void;
}) {
  const record = useRecordResponse();
  const [blocked, setBlocked] = useState(false);
  const url = record.data?.professorURL;

  const begin = () =>
    record.mutate(
      { questionId, questionText },
      {
        onSuccess: ({ professorURL }) => {
          if (isThisPage(professorURL)) onInBrowser();
          else setBlocked(!openMeetingWindow(professorURL));
        },
      },
    );

  return (
    <div className="form">
      <button type="button" onClick={begin} disabled={record.isPending}>
        {record.isPending ? 'Starting the meeting…' : 'Record a response through a meeting tool'}
      </button>
      {record.isError && (
        <p role="alert" className="error-text">
          {errorMessage(record.error, ERRORS.bbbStartFailed)}
        </p>
      )}
      {blocked && <p role="alert">{ERRORS.popupBlocked}</p>}
      {url && !isThisPage(url) && (
        <p>
          <a href={url} target="_blank" rel="noopener noreferrer">
            Open the meeting room
          </a>
        </p>
      )}
    </div>
  );
}
