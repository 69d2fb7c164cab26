import type { ServerResponse } from 'node:http';
import { RESYNC_EVENT, type StreamEvent } from '@lectern/shared';
import type { ReaderScope } from './delivery';
import { deliverableTo } from './delivery';
import type { Audience, EventPayload, StoredEvent } from '../../events/domain-event';

// A client that cannot keep up is dropped rather than buffered without bound (it reconnects with
// Last-Event-ID and catches up from the table). 256 KiB is hundreds of events.
const MAX_BUFFERED_BYTES = 256 * 1024;

/** One open `GET /api/events` response (one browser tab). */
export class EventStream {
  private paused: StoredEvent[] | null = [];
  private closed = false;
  /** When the reader's session expires (epoch ms), as last read; null for an anonymous reader. */
  expiresAt: number | null = null;

  constructor(
    private readonly res: ServerResponse,
    /** null for an anonymous viewer. */
    readonly sessionId: string | null,
    public scope: ReaderScope,
    /** Events up to this id were dealt with (sent or not for this reader). */
    private cursor: number,
    private readonly onClose: (stream: EventStream) => void,
  ) {
    res.on('close', () => this.close());
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** Called for every committed event, in id order; held back while the backlog is being replayed. */
  offer(event: StoredEvent, now: number): void {
    if (this.paused) this.paused.push(event);
    else this.deliver(event, now);
  }

  /**
   * An ephemeral message (a signal, progress): sent at once if this reader may have it, with no `id:`
   * line, since there is nothing to resume; its data carries the stream's position as its id.
   */
  notify(payload: EventPayload, audience: Audience, now: number): void {
    if (this.closed) return;
    const message = deliverableTo({ id: this.cursor, payload, audience }, this.scope, now);
    if (message) this.write(`event: ${message.type}\ndata: ${JSON.stringify(message)}\n\n`);
  }

  /**
   * Sends the missed events (Last-Event-ID), then what arrived meanwhile, in id order. A stream that
   * starts from now first tells the client where it starts (an `id:` line with empty data), so that even
   * its first reconnect resumes without a gap. The empty `data` line makes it a message: parsers such as
   * eventsource-parser 3 report an id only with a message, and the web app ignores empty data.
   */
  resume(backlog: StoredEvent[], now: number, announce: boolean): void {
    if (announce) this.write(`id: ${this.cursor}\ndata\n\n`);
    const held = this.paused ?? [];
    this.paused = null;
    for (const event of [...backlog, ...held]) this.deliver(event, now);
  }

  /** The backlog is gone (too old or too long): the client refetches everything. */
  resync(fromId: number): void {
    this.cursor = Math.max(this.cursor, fromId);
    this.write(`event: ${RESYNC_EVENT}\ndata: {}\n\n`);
  }

  heartbeat(): void {
    this.write(': ping\n\n');
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.paused = null;
    this.res.end();
    this.onClose(this);
  }

  private deliver(event: StoredEvent, now: number): void {
    if (this.closed || event.id <= this.cursor) return;
    this.cursor = event.id;
    const message = deliverableTo(event, this.scope, now);
    if (message) this.send(message);
  }

  private send(message: StreamEvent): void {
    this.write(`id: ${message.id}\nevent: ${message.type}\ndata: ${JSON.stringify(message)}\n\n`);
  }

  private write(chunk: string): void {
    if (this.closed) return;
    this.res.write(chunk);
    if (this.res.writableLength > MAX_BUFFERED_BYTES) {
      this.res.destroy();
      this.close();
    }
  }
}
