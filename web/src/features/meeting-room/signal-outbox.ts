import type { LinkSignalKind } from '@lectern/shared';

/** Candidates travel together, as a JSON array, when they waited behind another signal. */
const MAX_CANDIDATES_PER_SIGNAL = 40;
const DELAYS_KEPT = 5;

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
    /** Delivers one signal; a rejection is a lost signal (the link's stall check heals it). */
    private readonly deliver: (kind: LinkSignalKind, data: string) => Promise<unknown>,
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
      await this.deliver(next.kind, data).catch(() => undefined);
      this.delays.push(Date.now() - started);
      if (this.delays.length > DELAYS_KEPT) this.delays.shift();
    }
    this.sending = false;
    if (!this.closed) this.onIdle();
  }
}

/** A candidate signal's data: one candidate (as older tabs send it) or several in an array. */
export function candidatesOf(data: string): RTCIceCandidateInit[] {
  const parsed = JSON.parse(data) as RTCIceCandidateInit | RTCIceCandidateInit[];
  return Array.isArray(parsed) ? parsed : [parsed];
}
