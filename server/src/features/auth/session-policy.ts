import { SESSION_IDLE_MS, SESSION_MAX_MS } from '@lectern/shared';
import { spreadMs } from '../../lib/spread';

/** Sliding 24 h of inactivity, never past 14 days from issue (DESIGN §5.7). */
export function sessionExpiry(createdAt: Date, now: Date): Date {
  return new Date(Math.min(now.getTime() + SESSION_IDLE_MS, createdAt.getTime() + SESSION_MAX_MS));
}

// Writing last use on every request would turn each poll into a write; a minute or two of precision is
// plenty. The extra share per session keeps a class that logged in together from writing together: 10,000
// students touching their sessions in the same seven seconds held every poll up for a second and a half.
const TOUCH_AFTER_MS = 60_000;
export const needsTouch = (session: { sessionId: string; lastUsedAt: Date }, now: Date): boolean =>
  now.getTime() - session.lastUsedAt.getTime() > TOUCH_AFTER_MS + spreadMs(session.sessionId, TOUCH_AFTER_MS);
