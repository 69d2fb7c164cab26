import type { VoteOption } from '@lectern/shared';

/**
 * DESIGN §5.6: clicking the arrow you already chose removes your vote; the other arrow switches it.
 */
export function nextVote(current: VoteOption | null, clicked: VoteOption): VoteOption | null {
  return current === clicked ? null : clicked;
}

/** The same arrow again within this time is the same click sent twice (double click, retry). */
export const DUPLICATE_VOTE_MS = 1000;

interface Applied {
  clicked: VoteOption;
  at: number;
}

/**
 * Remembers the last vote applied per question and user, so that a burst of identical requests counts
 * once instead of toggling on and off (SECURITY AC-12). Use it while holding the question's row lock:
 * then the requests of one burst are seen one after another. Per process; the database still keeps one
 * vote per user across instances.
 */
export class RecentVotes {
  private readonly applied = new Map<string, Applied>();

  constructor(private readonly windowMs = DUPLICATE_VOTE_MS) {}

  /** True when `clicked` repeats the vote applied for this key less than the window ago. */
  isRepeat(key: string, clicked: VoteOption, now: Date): boolean {
    const last = this.applied.get(key);
    return last !== undefined && last.clicked === clicked && now.getTime() - last.at < this.windowMs;
  }

  record(key: string, clicked: VoteOption, now: Date): void {
    this.applied.delete(key); // re-inserted last, so the Map stays ordered by time
    this.applied.set(key, { clicked, at: now.getTime() });
    this.forgetOlderThan(now.getTime() - this.windowMs);
  }

  /** Entries are in time order: drop from the front while they are stale. */
  private forgetOlderThan(limit: number): void {
    for (const [key, entry] of this.applied) {
      if (entry.at >= limit) break;
      this.applied.delete(key);
    }
  }

  get size(): number {
    return this.applied.size;
  }
}
