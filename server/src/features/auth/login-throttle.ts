import type { Counters } from '../../lib/shared-state';

// Failed-login throttling (SECURITY RL-1, issue 12). Nothing ever locks an account for every address:
// anyone could then lock its owner out. Instead, each failure past a threshold holds the one key that
// failed, for a time that doubles with every further failure:
// - per account and IP: from the 10th failure in an hour, 1 min, 2 min, 4 min … at most 15 min;
// - per account from every IP: past 100 failures in an hour the account is under attack, and each of its
//   (account, IP) pairs is held from the 3rd failure instead of the 10th. An address that has not failed
//   (the owner's) is never refused;
// - per IP over every account: from the 100th failure in 15 minutes, 1 s, 2 s, 4 s … at most 1 min. A
//   class of 500 behind one campus IP, typos included, stays far below.
// A success clears the pair. The counters live in the shared state, so every instance counts together.
// A browser that logged in to the account before (login-devices.ts, issue 20) is held neither by its IP
// nor by its pair: its failures count for that device alone, held like a pair, so a classmate guessing
// from the same campus IP never stops the owner, and a stolen device cookie buys no extra guesses.
// A browser new to the account may pass the IP and pair holds with a solved challenge (login-challenges.ts);
// the failures made so count as usual and, together for every new browser of the account, are held like
// a pair's: guessing through challenges gets ten tries an hour, then waits as long as a held pair.

const SECOND = 1000;
const MINUTE = 60 * SECOND;

const PAIR = { windowMs: 60 * MINUTE, threshold: 10, underAttack: 3, baseMs: MINUTE, maxMs: 15 * MINUTE };
const ACCOUNT = { windowMs: 60 * MINUTE, underAttackAbove: 100 };
const ADDRESS = { windowMs: 15 * MINUTE, threshold: 100, baseMs: SECOND, maxMs: MINUTE };

const holdOf = (key: string) => `${key}:hold`;
const deviceKey = (device: string) => `login:device:${device}`;
const newBrowsersKey = (email: string) => `login:new-browsers:${email.toLowerCase()}`;

export class LoginThrottle {
  constructor(private readonly counters: Counters) {}

  private keys(email: string, ip: string) {
    const account = email.toLowerCase();
    return { pair: `login:pair:${account}|${ip}`, account: `login:account:${account}`, ip: `login:ip:${ip}` };
  }

  /** Seconds to wait before the next attempt, or 0 when one is allowed. `device`: a trusted browser's id. */
  async retryAfterSeconds(email: string, ip: string, now: number, device?: string): Promise<number> {
    const { pair, ip: address } = this.keys(email, ip);
    return this.waitFor(device ? [deviceKey(device)] : [pair, address], now);
  }

  /** Seconds before a browser new to the account may pass a hold by a challenge, or 0. */
  async newBrowsersRetryAfterSeconds(email: string, now: number): Promise<number> {
    return this.waitFor([newBrowsersKey(email)], now);
  }

  /** A wrong password sent with a solved challenge: counts for every new browser of the account. */
  async recordNewBrowserFailure(email: string, now: number): Promise<void> {
    const failures = await this.counters.hit(newBrowsersKey(email), PAIR.windowMs, now);
    await this.hold(newBrowsersKey(email), failures.count - PAIR.threshold, PAIR, now);
  }

  async recordFailure(email: string, ip: string, now: number, device?: string): Promise<void> {
    const keys = this.keys(email, ip);
    if (device) {
      const [failures] = await Promise.all([
        this.counters.hit(deviceKey(device), PAIR.windowMs, now),
        this.counters.hit(keys.account, ACCOUNT.windowMs, now),
      ]);
      await this.hold(deviceKey(device), failures.count - PAIR.threshold, PAIR, now);
      return;
    }
    const [pair, account, address] = await Promise.all([
      this.counters.hit(keys.pair, PAIR.windowMs, now),
      this.counters.hit(keys.account, ACCOUNT.windowMs, now),
      this.counters.hit(keys.ip, ADDRESS.windowMs, now),
    ]);
    const threshold = account.count > ACCOUNT.underAttackAbove ? PAIR.underAttack : PAIR.threshold;
    await this.hold(keys.pair, pair.count - threshold, PAIR, now);
    await this.hold(keys.ip, address.count - ADDRESS.threshold, ADDRESS, now);
  }

  async recordSuccess(email: string, ip: string, device?: string): Promise<void> {
    const { pair } = this.keys(email, ip);
    const keys = device ? [deviceKey(device), holdOf(deviceKey(device))] : [];
    await this.counters.reset(pair, holdOf(pair), ...keys);
  }

  /** After a reset by mail the owner starts afresh: the account's count and this address's pair go. */
  async clearAfterReset(email: string, ip: string): Promise<void> {
    const { pair, account } = this.keys(email, ip);
    await this.counters.reset(pair, holdOf(pair), account);
  }

  private async waitFor(keys: string[], now: number): Promise<number> {
    const holds = await Promise.all(keys.map((key) => this.counters.peek(holdOf(key), now)));
    return Math.max(0, ...holds.map((hold) => (hold ? Math.ceil((hold.resetAt - now) / 1000) : 0)));
  }

  /** Holds `key` for base × 2^over (at most max); nothing while the count is under the threshold. */
  private async hold(key: string, over: number, rule: { baseMs: number; maxMs: number }, now: number) {
    if (over < 0) return;
    const ms = Math.min(rule.baseMs * 2 ** Math.min(over, 20), rule.maxMs);
    await this.counters.reset(holdOf(key));
    await this.counters.hit(holdOf(key), ms, now);
  }
}
