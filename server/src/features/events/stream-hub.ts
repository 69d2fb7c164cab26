import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { ReaderScope } from '../../events/delivery';
import type { StoredEvent } from '../../events/domain-event';
import type { EventBus } from '../../events/event-bus';
import type { Clock } from '../../lib/clock';
import { EventStream } from './event-stream';
import { liveSessionIds, membershipsOf } from './reader-scope.repository';

// An expired or revoked token ends its stream within 60 s (issue #8): sessions and memberships of
// every open stream are re-read together, in a handful of queries, twice a minute.
const REFRESH_MS = 30_000;
// Proxies close idle connections (nginx: 60 s by default); a comment line keeps the stream open.
const HEARTBEAT_MS = 15_000;
// Longer backlogs are cheaper to refetch than to replay.
const REPLAY_LIMIT = 1_000;

export interface StreamHub {
  /** Starts a stream on a response whose headers were sent; replays after lastEventId if given. */
  open(
    res: import('node:http').ServerResponse,
    reader: { sessionId: string | null; scope: ReaderScope },
    lastEventId: number | null,
  ): Promise<void>;
  /** Ends streams whose session is gone, and re-reads what each reader may see. */
  refresh(): Promise<void>;
  readonly size: number;
  close(): void;
}

export function createStreamHub(deps: {
  db: Db;
  clock: Clock;
  bus: EventBus;
  log: FastifyBaseLogger;
}): StreamHub {
  const { db, clock, bus, log } = deps;
  const streams = new Set<EventStream>();
  const unsubscribe = bus.subscribe((event) => {
    const now = clock().getTime();
    for (const stream of streams) stream.offer(event, now);
  });

  async function refresh(): Promise<void> {
    const signedIn = [...streams].filter((s) => s.sessionId !== null);
    if (signedIn.length === 0) return;
    const live = await liveSessionIds(db, [...new Set(signedIn.map((s) => s.sessionId!))], clock());
    for (const stream of signedIn) if (!live.has(stream.sessionId!)) stream.close();
    const open = signedIn.filter((s) => !s.isClosed);
    const memberships = await membershipsOf(db, [...new Set(open.map((s) => s.scope.userId!))]);
    for (const stream of open) {
      const fresh = memberships.get(stream.scope.userId!);
      if (fresh) stream.scope = { ...stream.scope, ...fresh };
    }
  }

  const timers = [
    setInterval(() => {
      refresh().catch((err: unknown) => log.warn({ err }, 'refreshing event streams failed'));
    }, REFRESH_MS).unref(),
    setInterval(() => {
      for (const stream of streams) stream.heartbeat();
    }, HEARTBEAT_MS).unref(),
  ];

  return {
    async open(res, reader, lastEventId) {
      const latest = bus.lastId();
      const resume = lastEventId !== null && lastEventId <= latest ? lastEventId : null;
      const stream = new EventStream(res, reader.sessionId, reader.scope, resume ?? latest, (s) =>
        streams.delete(s),
      );
      streams.add(stream);
      let backlog: StoredEvent[] = [];
      if (resume !== null) {
        // Pruned (older than the outbox keeps) or too long: cheaper for the client to refetch.
        backlog = await bus.replay(resume, REPLAY_LIMIT + 1);
        const gone = backlog.length > REPLAY_LIMIT || (await bus.oldestId()) > resume + 1;
        if (gone) {
          stream.resync(backlog.at(-1)?.id ?? resume);
          backlog = [];
        }
      }
      stream.resume(backlog, clock().getTime(), resume === null);
    },
    refresh,
    get size() {
      return streams.size;
    },
    close() {
      for (const timer of timers) clearInterval(timer);
      unsubscribe();
      for (const stream of streams) stream.close();
    },
  };
}
