import { VOTE_OPTIONS, type VoteOption } from '@lectern/shared';
import type { Counters } from '../../lib/shared-state';

/**
 * DESIGN §5.6: clicking the arrow you already chose removes your vote; the other arrow switches it.
 */
export function nextVote(current: VoteOption | null, clicked: VoteOption): VoteOption | null {
  return current === clicked ? null : clicked;
}

/** The same arrow again within this time is the same click sent twice (double click, retry). */
export const DUPLICATE_VOTE_MS = 1000;

/**
 * Remembers the last vote applied per question and user, so that a burst of identical requests counts
 * once instead of toggling on and off (SECURITY AC-12). Use it while holding the question's row lock:
 * then the requests of one burst are seen one after another, whichever instance each reaches, since the
 * counters are shared by every instance (DESIGN §11).
 */
export class RecentVotes {
  /** Pass the counters of the transaction that holds the question's row lock (Counters.within). */
  constructor(
    private readonly counters: Counters,
    private readonly windowMs = DUPLICATE_VOTE_MS,
  ) {}

  private key = (key: string, clicked: VoteOption) => `vote:${key}:${clicked}`;

  /** True when `clicked` repeats the vote applied for this key less than the window ago. */
  async isRepeat(key: string, clicked: VoteOption, now: Date): Promise<boolean> {
    return (await this.counters.peek(this.key(key, clicked), now.getTime())) !== null;
  }

  /** `clicked` is now the last vote applied: the other arrow is no longer a repeat. */
  async record(key: string, clicked: VoteOption, now: Date): Promise<void> {
    await this.counters.reset(...VOTE_OPTIONS.map((option) => this.key(key, option)));
    await this.counters.hit(this.key(key, clicked), this.windowMs, now.getTime());
  }
}
