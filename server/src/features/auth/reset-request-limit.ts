import type { Counters } from '../../lib/shared-state';

// Forgot-password limits (SECURITY RESET-4, issue 12), on top of the route's 3 per 5 minutes per IP:
// - 3 requests per address and IP in an hour, then 429. Counted for any address, known or not, so a 429
//   says nothing about accounts; and another IP's requests never use up the owner's.
// - at most 10 mails per address in an hour from every IP together (no mail bombing); past that the
//   answer stays the same and no mail goes. The owner still holds the latest link, which any of those
//   requests sent to their own mailbox.

const HOUR = 60 * 60_000;
const PER_ADDRESS_AND_IP = 3;
const MAILS_PER_ADDRESS = 10;

export class ResetRequestLimit {
  constructor(private readonly counters: Counters) {}

  private keys(email: string, ip: string) {
    const address = email.toLowerCase();
    return { pair: `reset:${address}|${ip}`, mails: `reset-mail:${address}` };
  }

  /** Counts one request; returns the seconds to wait when it is over the limit, else 0. */
  async take(email: string, ip: string, now: number): Promise<number> {
    const { count, resetAt } = await this.counters.hit(this.keys(email, ip).pair, HOUR, now);
    return count > PER_ADDRESS_AND_IP ? Math.ceil((resetAt - now) / 1000) : 0;
  }

  /** Counts one mail to the address; false when the address had its share this hour. */
  async mayMail(email: string, ip: string, now: number): Promise<boolean> {
    const { count } = await this.counters.hit(this.keys(email, ip).mails, HOUR, now);
    return count <= MAILS_PER_ADDRESS;
  }

  /** A completed reset starts the owner's quota afresh. */
  async clear(email: string, ip: string): Promise<void> {
    const { pair, mails } = this.keys(email, ip);
    await this.counters.reset(pair, mails);
  }
}
