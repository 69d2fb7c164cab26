import { type SQL, and, asc, eq, gt, inArray, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { events } from '../../db/schema';
import type { ReaderScope } from './delivery';
import {
  ANYONE,
  type LectureColumns,
  lectureAllowsSql,
  sqlReaderOfMemberships,
  sqlReaderOfStanding,
} from '../access/public';
import type { Audience, EventPayload, StoredEvent } from '../../events/domain-event';

const textArray = (values: Iterable<string>): SQL =>
  sql`array[${sql.join(
    [...values].map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/** A lecture of an event's audience (`l`, from jsonb_array_elements), as the visibility policy reads it. */
const AUDIENCE_LECTURE: LectureColumns = {
  id: sql`l->>'id'`,
  courseId: sql`l->>'courseId'`,
  availableAt: sql`to_timestamp((l->>'availableAt')::double precision / 1000)`,
};

const someLecture = (condition: SQL): SQL =>
  sql`exists (select 1 from jsonb_array_elements(${events.audience}->'lectures') l where ${condition})`;

/**
 * Who may receive an event, in SQL: the rules of delivery.ts (which still run on each event) from the
 * same visibility policy, so a replay reads only rows that are the reader's. An anonymous follower of
 * a video replays only that video's answers.
 */
function audienceFilter(reader: ReaderScope, now: Date): SQL | undefined {
  const audience = sql`${events.audience}`;
  const videoId = sql`${events.payload}->>'videoId'`;
  const followed = (id: string) =>
    and(
      sql`${videoId} = ${id}`,
      someLecture(lectureAllowsSql('sees', sqlReaderOfStanding(ANYONE), AUDIENCE_LECTURE, now)),
    );
  if (reader.userId === null)
    return reader.videoId ? and(eq(events.type, 'question.answered'), followed(reader.videoId)) : sql`false`;
  const shared = sql`${audience}->>'visibility' in ('watchers', 'members')`;
  const courseWide = sql`${audience}->>'visibility' = 'members' and jsonb_array_length(${audience}->'lectures') = 0`;
  const sees = lectureAllowsSql('sees', sqlReaderOfMemberships(reader), AUDIENCE_LECTURE, now);
  const attends = lectureAllowsSql('attends', sqlReaderOfMemberships(reader), AUDIENCE_LECTURE, now);
  const clauses: SQL[] = [
    sql`${audience}->'userIds' ? ${reader.userId}`,
    sql`${audience}->>'askerId' = ${reader.userId} and ${someLecture(sees)}`,
    sql`${shared} and ${someLecture(attends)}`,
  ];
  if (reader.administered.size > 0)
    clauses.push(sql`${audience}->'courseIds' ?| ${textArray(reader.administered)}`);
  if (reader.joined.size > 0)
    clauses.push(sql`${courseWide} and ${audience}->'courseIds' ?| ${textArray(reader.joined)}`);
  if (reader.videoId)
    clauses.push(sql`${audience}->>'visibility' = 'watchers' and ${followed(reader.videoId)}`);
  return or(...clauses);
}

/** The ids, not yet the payloads, of at most `limit` events in (afterId, upToId] this reader might receive. */
export async function replayableIds(
  db: DbOrTx,
  reader: ReaderScope,
  range: { afterId: number; upToId: number; now: Date },
  limit: number,
): Promise<number[]> {
  const rows = await db
    .select({ id: events.id })
    .from(events)
    .where(and(gt(events.id, range.afterId), lte(events.id, range.upToId), audienceFilter(reader, range.now)))
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
