import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { type LectureCondition, aliasedLecture } from '../access/public';
import { MicroInstant, decodeCursor, encodeCursor } from './page-cursor';

// The bounded instructor lists (issue 14): a page's question ids are picked by keyset queries that start
// from the caller's own courses and go lectures → playlists → each video's questions through indexes, so
// their cost follows the caller's share of the data, never the size of the questions table. The page's
// full rows are then read by id (listQuestions), so the per-row subqueries run for one page only.

export interface Page {
  /** The page's question ids, in list order. */
  ids: string[];
  /** The cursor of the next page, or null when this one is the last. */
  next: string | null;
}

export interface PageRequest {
  limit: number;
  after?: string;
}

const micro = (column: SQL): SQL =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * A question is listed once, under one lecture `l` among the eligible ones holding its video: the lecture
 * it was asked in when eligible, else the earliest (then lowest id). Same choice as listQuestions.
 */
const shownUnder = (eligible: SQL): SQL => sql`not exists (
  select 1 from lecture_videos lv2 join lectures l2 on l2.id = lv2.lecture_id
  where lv2.video_id = q.video_id and l2.id <> l.id and ${eligible}
    and (not (l2.id is not distinct from q.lecture_id), l2.lecture_date, l2.id)
      < (not (l.id is not distinct from q.lecture_id), l.lecture_date, l.id))`;

async function rowsOf<K>(db: DbOrTx, query: SQL): Promise<K[]> {
  return ((await db.execute(query)) as unknown as { rows: K[] }).rows;
}

/** The first `limit` rows make the page; one more means a next page, which starts after the last. */
function cut<K extends { id: string }>(rows: K[], limit: number, keyOf: (row: K) => unknown[]): Page {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { ids: page.map((r) => r.id), next: rows.length > limit && last ? encodeCursor(keyOf(last)) : null };
}

const NeedingKey = z.tuple([
  z.string().max(1000),
  z.uuid(),
  z.number().int().min(0).max(1),
  MicroInstant,
  z.uuid(),
]);
interface NeedingRow {
  id: string;
  nameKey: string;
  courseId: string;
  liveRank: number;
  posted: string;
}

/** The next page's questions, and the courses they are listed under. */
export interface NeedingPage extends Page {
  courseIds: string[];
}

const needingKey = (r: NeedingRow) => [r.nameKey, r.courseId, Number(r.liveRank), r.posted, r.id];

/**
 * Action Items and Home: unanswered questions asked in these courses (the ones the caller administers) or
 * whose lecture is gone, by course name, live first, then earliest posted. The courses are walked in that
 * order, 1, then 4, 16… at a time, until the page is full: an instructor of many courses sorts only the
 * questions of the first few, not all of theirs.
 */
export async function needingResponsePage(
  db: DbOrTx,
  courseIds: string[],
  { limit, after }: PageRequest,
): Promise<NeedingPage> {
  if (courseIds.length === 0) return { ids: [], next: null, courseIds: [] };
  const key = after ? decodeCursor(after, NeedingKey) : null;
  const ordered = await rowsOf<{ id: string }>(
    db,
    sql`select id from courses where id = any(${sql.param(courseIds)}::uuid[])
      ${key ? sql`and (lower(name), id) >= (${key[0]}, ${key[1]}::uuid)` : sql``}
      order by lower(name), id`,
  );
  const rows: NeedingRow[] = [];
  for (let from = 0, size = 1; from < ordered.length && rows.length <= limit; from += size, size *= 4) {
    const walk = ordered.slice(from, from + size).map((c) => c.id);
    const request = { limit: limit - rows.length, after };
    rows.push(...(await rowsOf<NeedingRow>(db, needingResponseQuery(courseIds, walk, request))));
  }
  const page = cut(rows, limit, needingKey);
  const listed = new Set(rows.slice(0, limit).map((r) => r.courseId));
  return { ...page, courseIds: [...listed] };
}

/**
 * One walk step of needingResponsePage: the questions listed under the `walk` courses, one row more than
 * the page to tell if more follow. `courseIds` (all the caller's) decide where a question is listed. The
 * courses come as array parameters: a short statement plans fast, and planning is most of its cost.
 */
export function needingResponseQuery(
  courseIds: string[],
  walk: string[],
  { limit, after }: PageRequest,
): SQL {
  const liveRank = sql`(case when q.status = 'live' then 0 else 1 end)`;
  const key = after ? decodeCursor(after, NeedingKey) : null;
  const mine = (alias: SQL) => sql`${alias}.course_id = any(${sql.param(courseIds)}::uuid[])`;
  return sql`select q.id, lower(c.name) as "nameKey", c.id as "courseId", ${liveRank} as "liveRank",
        ${micro(sql`q.time_posted`)} as "posted"
      from lectures l
      join courses c on c.id = l.course_id
      join lecture_videos lv on lv.lecture_id = l.id
      join questions q on q.video_id = lv.video_id and q.response_id is null
      where l.course_id = any(${sql.param(walk)}::uuid[])
        and (q.lecture_id is null or exists (select 1 from lectures hl where hl.id = q.lecture_id and ${mine(sql`hl`)}))
        and ${shownUnder(mine(sql`l2`))}
        ${
          key
            ? sql`and (lower(c.name), c.id, ${liveRank}, q.time_posted, q.id)
                > (${key[0]}, ${key[1]}::uuid, ${key[2]}::int, ${key[3]}::timestamptz, ${key[4]}::uuid)`
            : sql``
        }
      order by lower(c.name), c.id, ${liveRank}, q.time_posted, q.id
      limit ${limit + 1}`;
}

const AnsweredKey = z.tuple([MicroInstant, z.number().finite(), z.uuid()]);
interface AnsweredRow {
  id: string;
  lectureDate: string;
  timeAsked: number;
}

/**
 * The course questions page: answered questions of the course's lectures the caller may see (`visible`,
 * features/access/visibility.ts), by lecture date, then time asked.
 */
export const answeredInCoursePage = (
  db: DbOrTx,
  courseId: string,
  visible: LectureCondition,
  request: PageRequest,
): Promise<Page> =>
  rowsOf<AnsweredRow>(db, answeredInCourseQuery(courseId, visible, request)).then((rows) =>
    cut(rows, request.limit, (r) => [r.lectureDate, Number(r.timeAsked), r.id]),
  );

/** The statement of one page of answeredInCoursePage, one row more than the page. */
export function answeredInCourseQuery(
  courseId: string,
  visible: LectureCondition,
  { limit, after }: PageRequest,
): SQL {
  const released = (alias: SQL) => sql`and ${visible(aliasedLecture(alias))}`;
  const key = after ? decodeCursor(after, AnsweredKey) : null;
  return sql`select q.id, ${micro(sql`l.lecture_date`)} as "lectureDate", q.time_asked as "timeAsked"
      from lectures l
      join lecture_videos lv on lv.lecture_id = l.id
      join questions q on q.video_id = lv.video_id and q.response_id is not null and q.hidden_at is null
      where l.course_id = ${courseId} ${released(sql`l`)}
        and ${shownUnder(sql`l2.course_id = ${courseId} ${released(sql`l2`)}`)}
        ${
          key
            ? sql`and (l.lecture_date, q.time_asked, q.id)
                > (${key[0]}::timestamptz, ${key[1]}::real, ${key[2]}::uuid)`
            : sql``
        }
      order by l.lecture_date, q.time_asked, q.id
      limit ${limit + 1}`;
}
