import { gt, lt, min, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client';
import { events } from '../db/schema';
import { type OutboxSnapshot, parseSnapshot } from './commit-order';
import type { Audience, DomainEvent, EventPayload, StoredEvent } from './domain-event';

export const EVENTS_CHANNEL = 'lectern_events';

/**
 * Writes the event in the caller's transaction; the NOTIFY is delivered only if it commits. The
 * transaction takes its xid before the event takes its id: readers rely on it to know which running
 * transactions may still hold a missing id (events/commit-order.ts). No lock: writers never wait on
 * each other.
 */
export async function emit(tx: Tx, event: DomainEvent): Promise<void> {
  await tx.execute(sql`select pg_current_xact_id(), pg_notify(${EVENTS_CHANNEL}, '')`);
  await tx
    .insert(events)
    .values({ type: event.payload.type, payload: event.payload, audience: event.audience });
}

type OutboxRow = { snapshot: string } & (
  | { id: string | number; payload: EventPayload; audience: Audience }
  | { id: null; payload: null; audience: null }
);

/** Committed events after an id, oldest first, with the snapshot they were read in (one statement). */
export async function readOutbox(
  db: DbOrTx,
  afterId: number,
  limit: number,
): Promise<{ events: StoredEvent[]; snapshot: OutboxSnapshot }> {
  const result = await db.execute(sql`
    with s as (select pg_current_snapshot()::text as snapshot)
    select s.snapshot, e.id, e.payload, e.audience
    from s left join lateral (
      select id, payload, audience from ${events} where id > ${afterId} order by id limit ${limit}
    ) e on true
    order by e.id`);
  const rows = (result as unknown as { rows: OutboxRow[] }).rows;
  return {
    snapshot: parseSnapshot(rows[0]?.snapshot ?? ''),
    events: rows.flatMap((r) =>
      r.id === null ? [] : [{ id: Number(r.id), payload: r.payload, audience: r.audience }],
    ),
  };
}

/** The newest event id, with the snapshot it was read in. */
export async function latestEventId(db: DbOrTx): Promise<{ id: number; snapshot: OutboxSnapshot }> {
  const result = await db.execute(
    sql`select pg_current_snapshot()::text as snapshot, (select max(id) from ${events}) as id`,
  );
  const [row] = (result as unknown as { rows: { snapshot: string; id: string | number | null }[] }).rows;
  return { id: Number(row?.id ?? 0), snapshot: parseSnapshot(row?.snapshot ?? '') };
}

/** Whether any of these transactions is still running. */
export async function anyRunning(db: DbOrTx, xids: readonly string[]): Promise<boolean> {
  const { snapshot } = await latestEventId(db);
  return xids.some((xid) => snapshot.inFlight.includes(xid));
}

export async function oldestEventId(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ id: min(events.id) }).from(events);
  return row?.id ?? 0;
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
