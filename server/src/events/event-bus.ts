import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { Listen } from '../db/notifications';
import { coalesced } from '../lib/coalesced';
import { type HeldGap, inCommitOrder } from './commit-order';
import type { StoredEvent } from './domain-event';
import { EVENTS_CHANNEL, anyRunning, latestEventId, oldestEventId, pruneEvents, readOutbox } from './outbox';

export type EventListener = (event: StoredEvent) => void;

/**
 * One per process: reads committed events from the outbox when PostgreSQL (or PGlite in process)
 * notifies, and hands each to this process's listeners in id order, never passing an id that a running
 * transaction may still commit (events/commit-order.ts). A missed notification costs nothing: the next
 * read starts from the last id dispatched, and a slow poll backs the notifications up.
 */
export interface EventBus {
  subscribe(listener: EventListener): () => void;
  /** The newest event id this process has dispatched. */
  lastId(): number;
  /** The oldest event still kept (0 when none). */
  oldestId(): Promise<number>;
  /** Reads and dispatches whatever committed since the last read (tests call it to not wait). */
  pump(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

const BATCH = 500;
const BACKSTOP_POLL_MS = 5_000;
/** While a gap is held, reads again this soon (doubling up to the backstop): its writer may roll back. */
const GAP_RECHECK_MS = { first: 10, max: 1_000 };
/** At start, how long to wait for the writers that may still commit an id below the newest. */
const START_SETTLE_MS = 10_000;
const RETENTION_MS = 24 * 3600_000;
const PRUNE_EVERY_MS = 3600_000;

export function createEventBus(db: Db, listen: Listen, log: FastifyBaseLogger): EventBus {
  const listeners = new Set<EventListener>();
  let lastId = 0;
  let held: HeldGap | null = null;
  let recheckMs = GAP_RECHECK_MS.first;
  let recheck: NodeJS.Timeout | null = null;
  let unlisten: (() => Promise<void>) | null = null;
  const timers: NodeJS.Timeout[] = [];

  async function readNew(): Promise<void> {
    for (;;) {
      const read = await readOutbox(db, lastId, BATCH);
      const { ready, gap } = inCommitOrder(read.events, lastId, read.snapshot, held);
      held = gap;
      for (const event of ready) {
        lastId = event.id;
        for (const listener of listeners) {
          try {
            listener(event);
          } catch (err) {
            log.error({ err, eventId: event.id }, 'event listener failed');
          }
        }
      }
      if (gap) return recheckSoon();
      recheckMs = GAP_RECHECK_MS.first;
      if (read.events.length < BATCH) return;
    }
  }

  function recheckSoon(): void {
    if (recheck) return;
    recheck = setTimeout(() => {
      recheck = null;
      void pump();
    }, recheckMs).unref();
    recheckMs = Math.min(recheckMs * 2, GAP_RECHECK_MS.max);
  }

  /** The newest id, once every writer that may still commit a smaller one has finished (or the wait ran out). */
  async function settledLatestId(): Promise<number> {
    const { id, snapshot } = await latestEventId(db);
    const until = Date.now() + START_SETTLE_MS;
    while (await anyRunning(db, snapshot.inFlight)) {
      if (Date.now() > until) {
        log.warn({ running: snapshot.inFlight }, 'starting events while older writers still run');
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, GAP_RECHECK_MS.first));
    }
    return id;
  }

  /** One read at a time; a notification during a read asks for one more read after it. */
  const pump = coalesced(() =>
    readNew().catch((err: unknown) => log.warn({ err }, 'reading events failed; retrying')),
  );

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    lastId: () => lastId,
    oldestId: () => oldestEventId(db),
    pump,
    async start() {
      lastId = await settledLatestId();
      unlisten = await listen(EVENTS_CHANNEL, { onNotify: () => void pump(), onResume: () => void pump() });
      timers.push(setInterval(() => void pump(), BACKSTOP_POLL_MS).unref());
      timers.push(
        setInterval(() => {
          pruneEvents(db, new Date(Date.now() - RETENTION_MS)).catch((err: unknown) =>
            log.warn({ err }, 'pruning events failed'),
          );
        }, PRUNE_EVERY_MS).unref(),
      );
    },
    async stop() {
      for (const timer of timers) clearInterval(timer);
      await unlisten?.();
      await pump.idle();
      if (recheck) clearTimeout(recheck);
    },
  };
}
