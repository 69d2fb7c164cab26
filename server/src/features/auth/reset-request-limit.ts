// SECURITY RESET-4: at most 3 reset requests per account (the address asked for) in an hour, on top of
// the per-IP limit. Counted for any address, known or not, so a 429 says nothing about accounts.
// Kept in memory like the login throttle: a restart forgives.

const MAX_REQUESTS = 3;
const WINDOW_MS = 60 * 60_000;

export class ResetRequestLimit {
  private readonly windows = new Map<string, { count: number; start: number }>();

  /** Counts one request; returns the seconds to wait when it is over the limit, else 0. */
  take(email: string, now: number): number {
    const key = email.toLowerCase();
    const current = this.windows.get(key);
    if (!current || now >= current.start + WINDOW_MS) {
      this.windows.set(key, { count: 1, start: now });
      return 0;
    }
    if (current.count >= MAX_REQUESTS) return Math.ceil((current.start + WINDOW_MS - now) / 1000);
    current.count++;
    return 0;
  }
}
