import type { Counters } from '../../lib/shared-state';

// Failed-login counters (SECURITY RL-1): 10 failures per account and IP in 15 minutes lock that pair
// for 15 minutes, even for the right password; 100 per account in an hour lock the account. The
// counters are shared by every instance (DESIGN §11), so failures spread over them add up.

const MINUTE = 60_000;
const RULES = [
  { scope: 'pair', max: 10, windowMs: 15 * MINUTE },
  { scope: 'account', max: 100, windowMs: 60 * MINUTE },
] as const;

export class LoginThrottle {
  constructor(private readonly counters: Counters) {}

  private keys(email: string, ip: string): [string, string] {
    const account = email.toLowerCase();
    return [`login:pair:${account}|${ip}`, `login:account:${account}`];
  }

  /** Seconds to wait before the next attempt, or 0 when one is allowed. */
  async retryAfterSeconds(email: string, ip: string, now: number): Promise<number> {
    const windows = await Promise.all(this.keys(email, ip).map((key) => this.counters.peek(key, now)));
    let wait = 0;
    windows.forEach((window, i) => {
      if (window && window.count >= RULES[i]!.max) {
        wait = Math.max(wait, Math.ceil((window.resetAt - now) / 1000));
      }
    });
    return wait;
  }

  async recordFailure(email: string, ip: string, now: number): Promise<void> {
    await Promise.all(this.keys(email, ip).map((key, i) => this.counters.hit(key, RULES[i]!.windowMs, now)));
  }

  async recordSuccess(email: string, ip: string): Promise<void> {
    await this.counters.reset(this.keys(email, ip)[0]);
  }
}
