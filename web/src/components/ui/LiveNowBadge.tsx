import { POLL_MS } from '@lectern/shared';
import { useNow } from '../../lib/use-now';
import { type LiveWindow, isLiveNow } from '../../lib/live-window';

/**
 * "Live now" on a lecture whose live discussion window is open (issue 21), re-checked every minute like
 * the watch page's (SPEC §4). The words carry the meaning; the red dot only draws the eye.
 */
export function LiveNowBadge({ lecture }: { lecture: LiveWindow }) {
  const now = useNow(POLL_MS.liveWindowCheck);
  if (!isLiveNow(lecture, now)) return null;
  return (
    <span className="live-badge">
      <span className="live-badge-dot" aria-hidden="true" />
      Live now
    </span>
  );
}
