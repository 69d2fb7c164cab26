import { type SQL, and, eq, sql } from 'drizzle-orm';
import type { SearchHitKind } from '@lectern/shared';
import type { DbOrTx } from '../../db/client';
import { lectureVideos, lectures, videos } from '../../db/schema';
import { LECTURE_COLUMNS, type LectureCondition, aliasedLecture } from '../access/public';

// Course search (issue 13): PostgreSQL full-text search over the current caption cues of the course's
// lecture videos, over the answer videos of their questions, over answered questions and their answers'
// text (issue 24; few and short, so that branch has no index of its own). Both tsvectors
// are GIN-indexed (caption_cues_search_idx, questions_search_idx) with the `simple` configuration; PGlite is
// the same PostgreSQL, so the same SQL runs on both. `websearch_to_tsquery` never fails on user input and
// reads "quoted phrases", `or` and `-word` as a search box user expects.
//
// The search names its videos by a small subquery and leaves lecture titles to a query of their own, run at
// the same time: one statement joining lectures into a 3-way union with CTEs took 10-20 ms to plan under
// load, longer than it took to run (docs/decisions.md, "Captions and transcripts").

/** ts_headline marks matched words with these (Unicode private-use characters, absent from real text). */
export const MATCH_START = '\uE000';
export const MATCH_END = '\uE001';
/**
 * At most this many matches are ranked per kind. A word said in more cues than this is no way to find a
 * moment (the reader adds a word), and ranking them all made one query cost as much as a hundred.
 */
export const RANKED_CANDIDATES = 2000;

export interface VisibleVideo {
  lectureId: string;
  lectureTitle: string;
  lectureDate: Date;
  videoId: string;
  videoTitle: string;
}

export interface RawHit {
  kind: SearchHitKind;
  videoId: string;
  time: number;
  questionId: string | null;
  responseId: string | null;
  answerTime: number | null;
  headline: string;
  rank: number;
}

/** The course's lecture videos the caller may see (released ones, or all for the course's admins). */
export async function visibleVideos(db: DbOrTx, scope: SearchScope): Promise<VisibleVideo[]> {
  return db
    .select({
      lectureId: lectures.id,
      lectureTitle: lectures.title,
      lectureDate: lectures.lectureDate,
      videoId: videos.id,
      videoTitle: videos.title,
    })
    .from(lectures)
    .innerJoin(lectureVideos, eq(lectureVideos.lectureId, lectures.id))
    .innerJoin(videos, eq(videos.id, lectureVideos.videoId))
    .where(and(eq(lectures.courseId, scope.courseId), scope.visible(LECTURE_COLUMNS)));
}

export interface SearchScope {
  courseId: string;
  /** The lectures the caller may see (features/access/visibility.ts). */
  visible: LectureCondition;
}

/** The course's lecture videos the caller may see, as a subquery. */
const visibleVideoIds = (scope: SearchScope): SQL => sql`
  select lv.video_id from lecture_videos lv join lectures l on l.id = lv.lecture_id
  where l.course_id = ${scope.courseId} and ${scope.visible(aliasedLecture(sql`l`))}`;

/**
 * The search text with every `-` that negates nothing removed: `websearch_to_tsquery` stacks one operator
 * per dash, and more than 32 in a row ("-----…", "- - - …") fail with "tsquery stack too small". A dash
 * followed by a word or a quoted phrase keeps its meaning (`-word`, `e-mail`).
 */
export const withoutStrayDashes = (text: string) => text.replace(/-+(?=[^\p{L}\p{N}"]|$)/gu, ' ');

/** The best `limit` spoken hits and answered questions among the videos in scope, with ts_headline's marked text. */
export async function searchVideos(
  db: DbOrTx,
  text: string,
  scope: SearchScope,
  limit: number,
): Promise<RawHit[]> {
  const query = sql`websearch_to_tsquery('simple'::regconfig, ${withoutStrayDashes(text)})`;
  const headline = sql`ts_headline('simple'::regconfig, body, ${query}, ${`StartSel=${MATCH_START}, StopSel=${MATCH_END}, HighlightAll=true`})`;
  const ranked = (candidates: SQL) => sql`
    select kind, video_id as "videoId", time, question_id as "questionId", response_id as "responseId",
           answer_time as "answerTime", ${headline} as headline, rank
    from (select *, ts_rank(doc, ${query}) as rank from (${candidates} limit ${RANKED_CANDIDATES}) m
          order by rank desc, time limit ${limit}) best`;
  const ids = visibleVideoIds(scope);
  // Lecture and answer captions in one pass over the matching cues: a cue of a lecture video in scope, or
  // of an answer to a question on one.
  const spoken = ranked(sql`
    select case when t.video_id is null then 'answer' else 'transcript' end as kind,
           coalesce(t.video_id, q.video_id) as video_id,
           coalesce(q.time_asked::float8, c.start_seconds) as time, q.id as question_id, q.response_id,
           case when q.id is null then null else c.start_seconds end as answer_time,
           c.plain_text as body, c.search as doc
    from caption_cues c
    join caption_tracks t on t.id = c.track_id
    left join questions q on q.response_id = t.response_id and q.video_id in (${ids}) and q.hidden_at is null
    where c.search @@ ${query} and (t.video_id in (${ids}) or q.id is not null)`);
  const asked = ranked(sql`
    select 'question' as kind, q.video_id, q.time_asked::float8 as time, q.id as question_id,
           q.response_id, null::float8 as answer_time, q.question as body,
           to_tsvector('simple'::regconfig, q.question) as doc
    from questions q
    where q.video_id in (${ids}) and q.response_id is not null and q.hidden_at is null
      and to_tsvector('simple'::regconfig, q.question) @@ ${query}`);
  // Answers in words (issue 24): a hit in an answer's text opens its question, like a hit in the question.
  const written = ranked(sql`
    select 'question' as kind, q.video_id, q.time_asked::float8 as time, q.id as question_id,
           q.response_id, null::float8 as answer_time, r.text as body,
           to_tsvector('simple'::regconfig, r.text) as doc
    from questions q join responses r on r.id = q.response_id
    where q.video_id in (${ids}) and r.text is not null and q.hidden_at is null
      and to_tsvector('simple'::regconfig, r.text) @@ ${query}`);
  // One statement (one round trip); each branch is planned on its own small join.
  const parts = sql`(${spoken}) union all (${asked}) union all (${written})`;
  return ((await db.execute(parts)) as unknown as { rows: RawHit[] }).rows;
}
