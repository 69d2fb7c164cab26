import type { Counters } from '../../lib/shared-state';

// SECURITY RESET-4: at most 3 reset requests per account (the address asked for) in an hour, on top of
// the per-IP limit. Counted for any address, known or not, so a 429 says nothing about accounts. Shared
// by every instance (DESIGN §11).

const MAX_REQUESTS = 3;
const WINDOW_MS = 60 * 60_000;

export class ResetRequestLimit {
  constructor(private readonly counters: Counters) {}

  /** Counts one request; returns the seconds to wait when it is over the limit, else 0. */
  async take(email: string, now: number): Promise<number> {
    const { count, resetAt } = await this.counters.hit(`reset:${email.toLowerCase()}`, WINDOW_MS, now);
    return count > MAX_REQUESTS ? Math.ceil((resetAt - now) / 1000) : 0;
  }
}
