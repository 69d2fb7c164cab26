import { asc, gt, lt, max, min, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client';
import { events } from '../db/schema';
import type { Audience, DomainEvent, EventPayload, StoredEvent } from './domain-event';

export const EVENTS_CHANNEL = 'lectern_events';
// Writers of events queue on this lock until they commit, so ids become visible in order and a
// reader that has seen id n never finds a smaller id committed later (no gaps to chase).
const OUTBOX_LOCK_KEY = 7_311_205;

/** Writes the event in the caller's transaction; the NOTIFY is delivered only if it commits. */
export async function emit(tx: Tx, event: DomainEvent): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${OUTBOX_LOCK_KEY})`);
  await tx
    .insert(events)
    .values({ type: event.payload.type, payload: event.payload, audience: event.audience });
  await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, '')`);
}

export async function latestEventId(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ id: max(events.id) }).from(events);
  return row?.id ?? 0;
}

export async function oldestEventId(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ id: min(events.id) }).from(events);
  return row?.id ?? 0;
}

export async function eventsAfter(db: DbOrTx, afterId: number, limit: number): Promise<StoredEvent[]> {
  const rows = await db
    .select({ id: events.id, payload: events.payload, audience: events.audience })
    .from(events)
    .where(gt(events.id, afterId))
    .orderBy(asc(events.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    payload: r.payload as EventPayload,
    audience: r.audience as Audience,
  }));
}

export async function pruneEvents(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(events).where(lt(events.createdAt, before));
}

/**
 * How long ago, by the database's clock, the oldest event after `afterId` was written: the outbox lag of
 * a reader that has dispatched up to `afterId` (0 when it has seen everything).
 */
export async function secondsSinceOldestAfter(db: DbOrTx, afterId: number): Promise<number> {
  const [row] = await db
    .select({
      seconds: sql<number>`coalesce(extract(epoch from now() - min(${events.createdAt})), 0)::float8`,
    })
    .from(events)
    .where(gt(events.id, afterId));
  return Math.max(0, Number(row?.seconds ?? 0));
}
