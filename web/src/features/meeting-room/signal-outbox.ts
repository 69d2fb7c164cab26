import type { LinkSignalKind } from '@lectern/shared';

/** Candidates travel together, as a JSON array, when they waited behind another signal. */
const MAX_CANDIDATES_PER_SIGNAL = 40;
const DELAYS_KEPT = 5;
/**
 * A delivery the server has not answered in this long is given up as lost: the request may never end (a
 * proxy or a browser holding it), and every later signal of the link, its answers and restarts included,
 * would wait behind it for ever (issue 21). Far above a busy server's few seconds.
 */
export const SIGNAL_DELIVERY_TIMEOUT_MS = 15_000;

type Queued = { kind: 'offer' | 'answer'; data: string } | { kind: 'candidate'; candidates: string[] };

/**
 * The signals of one link to one other browser: sent one at a time and in order (an offer before its
 * candidates), and each link has its own, so a slow delivery to one person never holds up another.
 * Candidates gathered while a signal is on its way leave together as one signal: a negotiation then
 * costs a few requests, not a dozen, however slow the server answers.
 */
export class SignalOutbox {
  private readonly queue: Queued[] = [];
  private sending = false;
  private closed = false;
  /** How long the last few deliveries took, newest last. */
  private readonly delays: number[] = [];

  constructor(
    /**
     * Delivers one signal, giving up when `abandon` aborts; a rejection is a lost signal (the link's
     * stall check heals it).
     */
    private readonly deliver: (kind: LinkSignalKind, data: string, abandon: AbortSignal) => Promise<unknown>,
    /** Everything queued was handed over. */
    private readonly onIdle: () => void,
  ) {}

  /**
   * The slowest of the last few deliveries: how long the other side's answer may take to come back too,
   * on a busy server. A stalled negotiation waits this much longer before it starts again.
   */
  get recentDelayMs(): number {
    return Math.max(0, ...this.delays);
  }

  /** Nothing waits or travels. */
  get idle(): boolean {
    return !this.sending && this.queue.length === 0;
  }

  push(kind: LinkSignalKind, data: string): void {
    if (this.closed) return;
    const last = this.queue.at(-1);
    if (kind !== 'candidate') this.queue.push({ kind, data });
    else if (last?.kind === 'candidate' && last.candidates.length < MAX_CANDIDATES_PER_SIGNAL)
      last.candidates.push(data);
    else this.queue.push({ kind, candidates: [data] });
    void this.drain();
  }

  close(): void {
    this.closed = true;
    this.queue.length = 0;
  }

  private async drain(): Promise<void> {
    if (this.sending) return;
    this.sending = true;
    for (let next = this.queue.shift(); next && !this.closed; next = this.queue.shift()) {
      const data = next.kind === 'candidate' ? `[${next.candidates.join(',')}]` : next.data;
      const started = Date.now();
      // A delivery given up on was lost, not slow: it says nothing of how long an answer takes to come back.
      if (!(await this.deliverOrGiveUp(next.kind, data))) continue;
      this.delays.push(Date.now() - started);
      if (this.delays.length > DELAYS_KEPT) this.delays.shift();
    }
    this.sending = false;
    if (!this.closed) this.onIdle();
  }

  /**
   * Settles within SIGNAL_DELIVERY_TIMEOUT_MS whatever the delivery does (the request is aborted then):
   * true if the server answered, even with an error, false if it was given up on.
   */
  private async deliverOrGiveUp(kind: LinkSignalKind, data: string): Promise<boolean> {
    const abandon = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const givenUp = new Promise<false>((resolve) => {
      timer = setTimeout(() => {
        abandon.abort();
        resolve(false);
      }, SIGNAL_DELIVERY_TIMEOUT_MS);
    });
    const answered = this.deliver(kind, data, abandon.signal).then(
      () => true,
      () => !abandon.signal.aborted,
    );
    const outcome = await Promise.race([answered, givenUp]);
    clearTimeout(timer);
    return outcome;
  }
}

/** A candidate signal's data: one candidate (as older tabs send it) or several in an array. */
export function candidatesOf(data: string): RTCIceCandidateInit[] {
  const parsed = JSON.parse(data) as RTCIceCandidateInit | RTCIceCandidateInit[];
  return Array.isArray(parsed) ? parsed : [parsed];
}
