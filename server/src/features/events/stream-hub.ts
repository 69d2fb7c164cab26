import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { ReaderScope } from './delivery';
import type { StoredEvent } from '../../events/domain-event';
import type { EventBus } from '../../events/event-bus';
import type { NoticeBus } from '../../events/notice-bus';
import type { Notice } from '../../events/notices';
import type { Clock } from '../../lib/clock';
import { EventStream } from './event-stream';
import { sessionExpiries, membershipsOf } from './reader-scope.repository';
import { createReplayer } from './replay';
import { type StreamLimits, StreamCounts } from './stream-limits';

// A revoked session ends its streams on every instance as soon as the revocation commits (a notice), and
// an expired one within EXPIRY_CHECK_MS of its expiry. Memberships of every open stream, and sessions
// as a backstop, are re-read together, in a handful of queries, twice a minute.
const REFRESH_MS = 30_000;
const EXPIRY_CHECK_MS = 1_000;
// Proxies close idle connections (nginx: 60 s by default); a comment line keeps the stream open.
const HEARTBEAT_MS = 15_000;

export interface StreamReader {
  sessionId: string | null;
  scope: ReaderScope;
  /** The client's address (req.ip): streams and anonymous replays are limited per address. */
  address: string;
}

export interface StreamHub {
  /**
   * Takes a place for this reader's stream, or throws (429 past the reader's limits, 503 with
   * Retry-After when the instance is full): call it before answering, so the refusal is a normal answer.
   */
  reserve(reader: StreamReader): OpenStream;
  /** Ends streams whose session is gone, and re-reads what each reader may see. */
  refresh(): Promise<void>;
  readonly size: number;
  close(): void;
}

/** A reserved place: start it on a response whose headers were sent (replaying after lastEventId). */
export type OpenStream = (res: ServerResponse, lastEventId: number | null) => Promise<void>;

export function createStreamHub(deps: {
  db: Db;
  clock: Clock;
  bus: EventBus;
  notices: NoticeBus;
  log: FastifyBaseLogger;
  limits: StreamLimits;
}): StreamHub {
  const { db, clock, bus, notices, log } = deps;
  const streams = new Set<EventStream>();
  const counts = new StreamCounts(deps.limits);
  const replay = createReplayer(db, bus, clock);

  const unsubscribeEvents = bus.subscribe((event) => {
    const now = clock().getTime();
    for (const stream of streams) stream.offer(event, now);
  });
  const unsubscribeNotices = notices.subscribe((notice) => {
    if (notice.kind === 'event') {
      const now = clock().getTime();
      for (const stream of streams) stream.notify(notice.payload, notice.audience, now);
    } else if (notice.kind === 'sessions.ended') {
      for (const stream of streams) if (endedBy(notice, stream)) stream.close();
    }
  });

  /** Closes the streams whose session is no longer valid, and learns the others' new expiry. */
  async function checkSessions(signedIn: EventStream[]): Promise<void> {
    if (signedIn.length === 0) return;
    const expiries = await sessionExpiries(db, [...new Set(signedIn.map((s) => s.sessionId!))], clock());
    for (const stream of signedIn) {
      const expiresAt = expiries.get(stream.sessionId!);
      if (expiresAt === undefined) stream.close();
      else stream.expiresAt = expiresAt;
    }
  }

  async function refresh(): Promise<void> {
    await checkSessions([...streams].filter((s) => s.sessionId !== null));
    const open = [...streams].filter((s) => s.sessionId !== null && !s.isClosed);
    const memberships = await membershipsOf(db, [...new Set(open.map((s) => s.scope.userId!))]);
    for (const stream of open) {
      const fresh = memberships.get(stream.scope.userId!);
      if (fresh) stream.scope = { ...stream.scope, ...fresh };
    }
  }

  const warnOnFailure = (what: string) => (err: unknown) => log.warn({ err }, `${what} failed`);
  const timers = [
    setInterval(() => refresh().catch(warnOnFailure('refreshing event streams')), REFRESH_MS).unref(),
    setInterval(() => {
      const now = clock().getTime();
      const due = [...streams].filter((s) => s.expiresAt !== null && s.expiresAt <= now);
      if (due.length > 0) checkSessions(due).catch(warnOnFailure('checking expired sessions'));
    }, EXPIRY_CHECK_MS).unref(),
    setInterval(() => {
      for (const stream of streams) stream.heartbeat();
    }, HEARTBEAT_MS).unref(),
  ];

  return {
    reserve(reader) {
      const release = counts.take({ userId: reader.scope.userId, address: reader.address });
      return async (res, lastEventId) => {
        const latest = bus.lastId();
        const resume = lastEventId !== null && lastEventId <= latest ? lastEventId : null;
        const stream = new EventStream(res, reader.sessionId, reader.scope, resume ?? latest, (s) => {
          streams.delete(s);
          release();
        });
        streams.add(stream);
        if (res.destroyed) return stream.close(); // the client left while the stream was being opened
        // Asked at once, so it counts against the reader's budget even if the client leaves meanwhile.
        const [missed] = await Promise.all([
          resume !== null ? replay(reader.scope, reader.address, resume, latest) : null,
          reader.sessionId !== null ? checkSessions([stream]) : null,
        ]);
        let backlog: StoredEvent[] = [];
        if (missed && 'resync' in missed) stream.resync(latest);
        else if (missed) backlog = missed.events;
        stream.resume(backlog, clock().getTime(), resume === null);
      };
    },
    refresh,
    get size() {
      return streams.size;
    },
    close() {
      for (const timer of timers) clearInterval(timer);
      unsubscribeEvents();
      unsubscribeNotices();
      for (const stream of streams) stream.close();
    },
  };
}

/** Whether a stream belongs to a session that this notice says was revoked (on any instance). */
function endedBy(notice: Extract<Notice, { kind: 'sessions.ended' }>, stream: EventStream): boolean {
  if (stream.sessionId === null || stream.scope.userId !== notice.userId) return false;
  return notice.sessionId !== undefined
    ? stream.sessionId === notice.sessionId
    : stream.sessionId !== notice.exceptSessionId;
}
