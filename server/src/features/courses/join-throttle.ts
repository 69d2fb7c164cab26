import { tooMany } from '../../lib/errors';
import type { Counters } from '../../lib/shared-state';

// Course and lecture ids are join codes: ten unknown codes in ten minutes from one user and further
// joins wait until the window ends (SECURITY AC-11). Counted across instances (DESIGN §11).

const MAX_FAILURES = 10;
const WINDOW_MS = 10 * 60_000;

export class JoinThrottle {
  constructor(private readonly counters: Counters) {}

  /** Throws 429 while the user has used up their failed attempts. */
  async check(userId: string, now: number): Promise<void> {
    const window = await this.counters.peek(`join:${userId}`, now);
    if (window && window.count >= MAX_FAILURES) {
      const minutes = Math.ceil((window.resetAt - now) / 60_000);
      throw tooMany(`Too many failed attempts to join. Please try again in ${minutes} min.`);
    }
  }

  async recordFailure(userId: string, now: number): Promise<void> {
    await this.counters.hit(`join:${userId}`, WINDOW_MS, now);
  }
}
