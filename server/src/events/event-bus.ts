import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { Listen } from '../db/notifications';
import { coalesced } from '../lib/coalesced';
import type { StoredEvent } from './domain-event';
import { EVENTS_CHANNEL, eventsAfter, latestEventId, oldestEventId, pruneEvents } from './outbox';

export type EventListener = (event: StoredEvent) => void;

/**
 * One per process: reads committed events from the outbox when PostgreSQL (or PGlite in process)
 * notifies, and hands each to this process's listeners in id order. A missed notification costs
 * nothing: the next read starts from the last id seen, and a slow poll backs the notifications up.
 */
export interface EventBus {
  subscribe(listener: EventListener): () => void;
  /** The newest event id this process has dispatched. */
  lastId(): number;
  /** Committed events after an id (Last-Event-ID replay), oldest first. */
  replay(afterId: number, limit: number): Promise<StoredEvent[]>;
  /** The oldest event still kept (0 when none). */
  oldestId(): Promise<number>;
  /** Reads and dispatches whatever committed since the last read (tests call it to not wait). */
  pump(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

const BATCH = 500;
const BACKSTOP_POLL_MS = 5_000;
const RETENTION_MS = 24 * 3600_000;
const PRUNE_EVERY_MS = 3600_000;

export function createEventBus(db: Db, listen: Listen, log: FastifyBaseLogger): EventBus {
  const listeners = new Set<EventListener>();
  let lastId = 0;
  let unlisten: (() => Promise<void>) | null = null;
  const timers: NodeJS.Timeout[] = [];

  async function readNew(): Promise<void> {
    for (;;) {
      const batch = await eventsAfter(db, lastId, BATCH);
      for (const event of batch) {
        lastId = event.id;
        for (const listener of listeners) {
          try {
            listener(event);
          } catch (err) {
            log.error({ err, eventId: event.id }, 'event listener failed');
          }
        }
      }
      if (batch.length < BATCH) return;
    }
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
    replay: (afterId, limit) => eventsAfter(db, afterId, limit),
    oldestId: () => oldestEventId(db),
    pump,
    async start() {
      lastId = await latestEventId(db);
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
    },
  };
}
