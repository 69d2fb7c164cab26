import { SESSION_IDLE_MS, SESSION_MAX_MS } from '@lectern/shared';

/** Sliding 24 h of inactivity, never past 14 days from issue (DESIGN §5.7). */
export function sessionExpiry(createdAt: Date, now: Date): Date {
  return new Date(Math.min(now.getTime() + SESSION_IDLE_MS, createdAt.getTime() + SESSION_MAX_MS));
}

// Writing last use on every request would turn each poll into a write; a minute's precision is plenty.
const TOUCH_AFTER_MS = 60_000;
export const needsTouch = (lastUsedAt: Date, now: Date): boolean =>
  now.getTime() - lastUsedAt.getTime() > TOUCH_AFTER_MS;
