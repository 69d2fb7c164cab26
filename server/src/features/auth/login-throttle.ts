// Failed-login counters (SECURITY RL-1): 10 failures per account and IP in 15 minutes lock that pair
// for 15 minutes, even for the right password; 100 per account in an hour lock the account.
// Kept in memory: a restart forgives, which is acceptable for a brute-force brake.

const MINUTE = 60_000;
const RULES = [
  { scope: 'pair', max: 10, windowMs: 15 * MINUTE },
  { scope: 'account', max: 100, windowMs: 60 * MINUTE },
] as const;

interface Counter {
  failures: number;
  windowStart: number;
}

export class LoginThrottle {
  private readonly counters = new Map<string, Counter>();

  private keys(email: string, ip: string): string[] {
    const account = email.toLowerCase();
    return [`pair:${account}|${ip}`, `account:${account}`];
  }

  /** Seconds to wait before the next attempt, or 0 when one is allowed. */
  retryAfterSeconds(email: string, ip: string, now: number): number {
    let wait = 0;
    this.keys(email, ip).forEach((key, i) => {
      const rule = RULES[i]!;
      const counter = this.counters.get(key);
      if (!counter) return;
      const windowEnd = counter.windowStart + rule.windowMs;
      if (now >= windowEnd) this.counters.delete(key);
      else if (counter.failures >= rule.max) wait = Math.max(wait, Math.ceil((windowEnd - now) / 1000));
    });
    return wait;
  }

  recordFailure(email: string, ip: string, now: number): void {
    for (const key of this.keys(email, ip)) {
      const counter = this.counters.get(key);
      if (counter) counter.failures++;
      else this.counters.set(key, { failures: 1, windowStart: now });
    }
  }

  recordSuccess(email: string, ip: string): void {
    this.counters.delete(this.keys(email, ip)[0]!);
  }
}
