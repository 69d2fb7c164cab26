import { tooMany } from '../../lib/errors';

// Course and lecture ids are join codes: ten unknown codes in ten minutes from one user and further
// joins wait until the window ends (SECURITY AC-11). In memory: a restart forgives, which is fine for a
// brake on guessing; several instances would each count separately.

const MAX_FAILURES = 10;
const WINDOW_MS = 10 * 60_000;
/** Above this many tracked users, expired counters are swept so memory stays bounded. */
const SWEEP_ABOVE = 10_000;

interface Counter {
  failures: number;
  windowStart: number;
}

export class JoinThrottle {
  private readonly counters = new Map<string, Counter>();

  /** Throws 429 while the user has used up their failed attempts. */
  check(userId: string, now: number): void {
    const counter = this.counters.get(userId);
    if (!counter) return;
    const windowEnd = counter.windowStart + WINDOW_MS;
    if (now >= windowEnd) this.counters.delete(userId);
    else if (counter.failures >= MAX_FAILURES) {
      const minutes = Math.ceil((windowEnd - now) / 60_000);
      throw tooMany(`Too many failed attempts to join. Please try again in ${minutes} min.`);
    }
  }

  recordFailure(userId: string, now: number): void {
    if (this.counters.size > SWEEP_ABOVE) this.sweep(now);
    const counter = this.counters.get(userId);
    if (counter && now < counter.windowStart + WINDOW_MS) counter.failures++;
    else this.counters.set(userId, { failures: 1, windowStart: now });
  }

  private sweep(now: number): void {
    for (const [userId, counter] of this.counters) {
      if (now >= counter.windowStart + WINDOW_MS) this.counters.delete(userId);
    }
  }
}
