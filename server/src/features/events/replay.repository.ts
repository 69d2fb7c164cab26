import { type SQL, and, asc, eq, gt, inArray, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { events } from '../../db/schema';
import type { ReaderScope } from './delivery';
import type { Audience, EventPayload, StoredEvent } from '../../events/domain-event';

const textArray = (values: Iterable<string>): SQL =>
  sql`array[${sql.join(
    [...values].map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/**
 * Who may receive an event, in SQL: a superset of events/delivery.ts (release dates and the exact
 * rules are applied per event afterwards), so a replay reads only rows that might be the reader's.
 * An anonymous follower of a video replays only that video's answers.
 */
function audienceFilter(reader: ReaderScope): SQL | undefined {
  const audience = sql`${events.audience}`;
  const videoId = sql`${events.payload}->>'videoId'`;
  if (reader.userId === null)
    return reader.videoId
      ? and(eq(events.type, 'question.answered'), sql`${videoId} = ${reader.videoId}`)
      : sql`false`;
  const shared = sql`${audience}->>'visibility' in ('watchers', 'members')`;
  const clauses: SQL[] = [
    sql`${audience}->'userIds' ? ${reader.userId}`,
    sql`${audience}->>'askerId' = ${reader.userId}`,
  ];
  if (reader.adminCourseIds.size > 0)
    clauses.push(sql`${audience}->'courseIds' ?| ${textArray(reader.adminCourseIds)}`);
  if (reader.memberCourseIds.size > 0)
    clauses.push(sql`${shared} and ${audience}->'courseIds' ?| ${textArray(reader.memberCourseIds)}`);
  if (reader.memberLectureIds.size > 0)
    clauses.push(
      sql`${shared} and exists (select 1 from jsonb_array_elements(${audience}->'lectures') l
        where l->>'id' = any(${textArray(reader.memberLectureIds)}))`,
    );
  if (reader.videoId)
    clauses.push(sql`${audience}->>'visibility' = 'watchers' and ${videoId} = ${reader.videoId}`);
  return or(...clauses);
}

/** The ids, not yet the payloads, of at most `limit` events in (afterId, upToId] this reader might receive. */
export async function replayableIds(
  db: DbOrTx,
  reader: ReaderScope,
  range: { afterId: number; upToId: number },
  limit: number,
): Promise<number[]> {
  const rows = await db
    .select({ id: events.id })
    .from(events)
    .where(and(gt(events.id, range.afterId), lte(events.id, range.upToId), audienceFilter(reader)))
    .orderBy(asc(events.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

export async function eventsWithIds(db: DbOrTx, ids: number[]): Promise<StoredEvent[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: events.id, payload: events.payload, audience: events.audience })
    .from(events)
    .where(inArray(events.id, ids))
    .orderBy(asc(events.id));
  return rows.map((r) => ({
    id: r.id,
    payload: r.payload as EventPayload,
    audience: r.audience as Audience,
  }));
}
