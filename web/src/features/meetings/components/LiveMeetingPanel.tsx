import { ERRORS } from '@lectern/shared';
import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useStartMeeting } from '../api/meeting-mutations';
import { openMeetingWindow } from '../open-meeting';

/**
 * The respond page of a live question starts the discussion meeting by itself (SPEC §4 Question status)
 * and opens it; a link stays for when the popup was blocked or the window closed. A provider that fails
 * shows the spec's error, and the question can still be answered by upload below.
 */
export function LiveMeetingPanel({ questionId, questionText }: { questionId: string; questionText: string }) {
  const start = useStartMeeting();
  const { mutate } = start;
  const [blocked, setBlocked] = useState(false);

  const begin = useCallback(
    () =>
      mutate(
        { questionId, questionText },
        { onSuccess: ({ professorURL }) => setBlocked(!openMeetingWindow(professorURL)) },
      ),
    [mutate, questionId, questionText],
  );
  useEffect(begin, [begin]);

  const url = start.data?.professorURL;
  return (
    <section aria-labelledby="live-meeting-heading">
      <h2 id="live-meeting-heading">Live discussion</h2>
      {start.isPending && <p role="status">Starting the meeting…</p>}
      {start.isError && (
        <div className="form">
          <p role="alert" className="error-text">
            {errorMessage(start.error, ERRORS.bbbStartFailed)}
          </p>
          <button type="button" onClick={begin}>
            Try again
          </button>
        </div>
      )}
      {blocked && <p role="alert">{ERRORS.popupBlocked}</p>}
      {url && (
        <p>
          <a href={url} target="_blank" rel="noopener noreferrer">
            Join the meeting
          </a>
        </p>
      )}
    </section>
  );
}
