import { useEventsStatus } from '../../lib/events/EventsProvider';

/**
 * "Reconnecting…" while the events stream is down (polling keeps the data current meanwhile). The live
 * region stays in the page, empty while connected, so screen readers announce the change politely.
 */
export function ConnectionStatus() {
  const status = useEventsStatus();
  return (
    <p role="status" aria-live="polite" className="connection-status">
      {status === 'reconnecting' ? 'Reconnecting…' : ''}
    </p>
  );
}
