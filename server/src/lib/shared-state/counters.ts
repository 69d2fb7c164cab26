import type { DbOrTx } from '../../db/client';

// Fixed-window counters: the one primitive behind every limit, lockout and throttle (DESIGN §11). In
// memory on the embedded database (one process owns it); in PostgreSQL with DATABASE_URL, so that
// several instances count together (postgres-counters.ts).

/** A counter's state: hits in the current window, and when that window ends (ms since the epoch). */
export interface WindowCount {
  count: number;
  resetAt: number;
}

export interface Counters {
  /** Counts one hit; a counter whose window ended starts a new one of `windowMs` at `now`. */
  hit(key: string, windowMs: number, now: number): Promise<WindowCount>;
  /** The counter's state, or null when it has none or its window ended. */
  peek(key: string, now: number): Promise<WindowCount | null>;
  /** Forgets these counters. */
  reset(...keys: string[]): Promise<void>;
  /**
   * The same counters, read and written inside `tx` (they commit or roll back with it, and use its
   * connection rather than a second one while it holds row locks).
   */
  within(tx: DbOrTx): Counters;
}

/** Above this many counters, ended windows are swept so memory stays bounded. */
const SWEEP_ABOVE = 10_000;

export class MemoryCounters implements Counters {
  private readonly windows = new Map<string, WindowCount>();

  async hit(key: string, windowMs: number, now: number): Promise<WindowCount> {
    if (this.windows.size > SWEEP_ABOVE) this.sweep(now);
    const current = this.live(key, now);
    const next = current
      ? { count: current.count + 1, resetAt: current.resetAt }
      : { count: 1, resetAt: now + windowMs };
    this.windows.set(key, next);
    return { ...next };
  }

  async peek(key: string, now: number): Promise<WindowCount | null> {
    const current = this.live(key, now);
    return current ? { ...current } : null;
  }

  async reset(...keys: string[]): Promise<void> {
    for (const key of keys) this.windows.delete(key);
  }

  within(): Counters {
    return this;
  }

  private live(key: string, now: number): WindowCount | null {
    const current = this.windows.get(key);
    if (!current) return null;
    if (now < current.resetAt) return current;
    this.windows.delete(key);
    return null;
  }

  /** Deletes ended windows; returns how many (the shared state runs it on a timer too, issue 12). */
  sweep(now: number): number {
    let swept = 0;
    for (const [key, window] of this.windows) {
      if (now >= window.resetAt) {
        this.windows.delete(key);
        swept += 1;
      }
    }
    return swept;
  }
}
