import { useQueryClient } from '@tanstack/react-query';
import { useConnectionLost } from '../../lib/connection';
import { useEventsStatus, useResubscribe } from '../../lib/events/EventsProvider';

/**
 * One notice while the server cannot be reached (issue 11 #9): the lists on screen are the last ones
 * loaded, and Retry reloads what the page shows and reopens the events stream if it is down. Failures of this kind
 * raise no toasts of their own (useErrorToast), so the banner is their one display.
 */
export function ConnectionBanner() {
  const lost = useConnectionLost();
  const client = useQueryClient();
  const resubscribe = useResubscribe();
  const stream = useEventsStatus();
  if (!lost) return null;
  return (
    <div role="alert" className="card row">
      <p>The server cannot be reached: you may be offline. What you see may be out of date.</p>
      <button
        type="button"
        onClick={() => {
          if (stream === 'reconnecting') resubscribe(); // now, not after its backoff (up to 30 s)
          void client.refetchQueries({ type: 'active' });
        }}
      >
        Retry
      </button>
    </div>
  );
}
