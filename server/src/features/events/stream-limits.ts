import { retryLater, serviceUnavailable, withRetryAfter } from '../../lib/errors';

// How many event streams this instance holds open (issue 20). Each is a socket and a file descriptor
// for as long as the tab stays, so they are counted per user, per address and in all. A class of 500
// behind one campus NAT (SECURITY RL-2), each student with a tab or two, stays far below the per-address
// cap; a browser holds at most 6 connections to one host, so more streams per user only starve its own
// requests. Anonymous followers of a shared video link count separately and lower: they need no
// account, so they are what a flood from one address would use. Refused streams fall back to polling.

export interface StreamLimits {
  /** All streams of this instance; more get 503 with Retry-After. */
  total: number;
  perUser: number;
  perAddress: number;
  anonymousPerAddress: number;
}

export const DEFAULT_STREAM_LIMITS: Omit<StreamLimits, 'total'> = {
  perUser: 10,
  perAddress: 1_500,
  anonymousPerAddress: 100,
};

/** When a refused client may try again: the streams of others come and go within a minute or so. */
const RETRY_AFTER_SECONDS = 30;

const TOO_MANY_STREAMS = 'Too many open event streams; updates continue by polling';

/** Counts open streams by key; `take` reserves a place or throws, and returns its release. */
export class StreamCounts {
  private readonly counts = new Map<string, number>();
  private open = 0;

  constructor(private readonly limits: StreamLimits) {}

  get size(): number {
    return this.open;
  }

  take(reader: { userId: string | null; address: string }): () => void {
    if (this.open >= this.limits.total)
      throw withRetryAfter(
        serviceUnavailable('The server has too many open event streams'),
        RETRY_AFTER_SECONDS,
      );
    const keys: [string, number][] = [[`address:${reader.address}`, this.limits.perAddress]];
    if (reader.userId) keys.push([`user:${reader.userId}`, this.limits.perUser]);
    else keys.push([`anonymous:${reader.address}`, this.limits.anonymousPerAddress]);
    if (keys.some(([key, max]) => (this.counts.get(key) ?? 0) >= max))
      throw retryLater(TOO_MANY_STREAMS, RETRY_AFTER_SECONDS);
    for (const [key] of keys) this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
    this.open += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.open -= 1;
      for (const [key] of keys) {
        const left = (this.counts.get(key) ?? 1) - 1;
        if (left > 0) this.counts.set(key, left);
        else this.counts.delete(key);
      }
    };
  }
}
