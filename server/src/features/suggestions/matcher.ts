import { type SQL, sql } from 'drizzle-orm';
import type { AnswerKind } from '@lectern/shared';
import type { DbOrTx } from '../../db/client';
import { type MatchFeatures, SUGGESTION_THRESHOLD, matchScore, stemOverlap } from './match-score';

// The matcher of question suggestions (issue 24), in PostgreSQL and PGlite alike (both run pg_trgm,
// migration 0020): earlier answered questions whose stems share trigrams with the text's
// (questions_answered_stems_trgm_idx over the kept `question_stems`, migration 0025) or that share English
// stems (questions_answered_english_idx) are the candidates, at most CANDIDATES of them; each is
// measured (trigram similarity, shared stems, stems its answer's captions share) and scored in
// match-score.ts. Who may see what is the caller's business: it passes the videos and the question
// condition (features/access/visibility.ts) in `scope`. The instructor's "Possibly answered by" can call
// this with its own scope.

/** Candidates measured per request: a word found in more questions than this is no way to tell them apart. */
export const CANDIDATES = 400;
/** Words of the text read; a question box's question has fewer. */
const MAX_WORDS = 40;

export interface MatchScope {
  /** A subquery of the video ids whose answered questions may be suggested. */
  videoIds: SQL;
  /** A condition on `questions` the reader's list rule adds (questionAllowsSql). */
  listed: SQL;
}

/** Where the student is: weighs nearby questions more. */
export interface MatchPlace {
  videoId: string;
  time: number;
  /** The lecture the page is of; its other videos weigh more than the rest of the course. */
  lectureId: string | null;
}

export interface Match {
  questionId: string;
  videoId: string;
  time: number;
  question: string;
  responseId: string;
  answerSeconds: number | null;
  /** How it answers: a video, a text, or both (issue 24). */
  answerKind: AnswerKind;
  score: number;
}

/** The text's words, lower-cased, for an `or` query (websearch syntax; `or` itself cannot be a word). */
export const wordsOf = (text: string): string[] =>
  (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w !== 'or').slice(0, MAX_WORDS);

/** A candidate as the database measures it. */
interface Row extends Omit<Match, 'score'> {
  trigram: number;
  stems: string[];
  queryStems: string[];
  answerStems: string[];
  sameLecture: boolean;
}

/** Every candidate with its features and score, best first (the evaluation reads them all). */
export async function scoredCandidates(
  db: DbOrTx,
  text: string,
  place: MatchPlace,
  scope: MatchScope,
): Promise<Match[]> {
  const words = wordsOf(text);
  if (words.length === 0) return [];
  const clean = words.join(' ');
  const stemsOf = (column: SQL) => sql`tsvector_to_array(to_tsvector('english'::regconfig, ${column}))`;
  // The same form as the kept questions.question_stems (schema/questions.ts).
  const stemsText = sql`strip(to_tsvector('english'::regconfig, ${clean}::text))::text`;
  const sameLecture =
    place.lectureId === null
      ? sql`false`
      : sql`c.video_id in (select lv.video_id from lecture_videos lv where lv.lecture_id = ${place.lectureId})`;
  const rows = (await db.execute(sql`
    with input as (
      select websearch_to_tsquery('english'::regconfig, ${words.join(' or ')}) as query,
             ${stemsOf(sql`${clean}::text`)} as stems,
             ${stemsText} as stems_text)
    select c.id as "questionId", c.video_id as "videoId", c.time_asked::float8 as time, c.question,
           c.response_id as "responseId", m.duration_seconds::float8 as "answerSeconds",
           case when r.media_sha256 is null then 'text' when r.text is null then 'video' else 'both' end
             as "answerKind",
           -- Over the stems, sorted: the words that carry meaning, in any order ("what is the difference
           -- between" alike in two questions says nothing).
           similarity(c.question_stems, i.stems_text)::float8 as trigram,
           ${stemsOf(sql`c.question`)} as stems,
           i.stems as "queryStems",
           -- The answer's words: its captions, and its text when it has one.
           array(select distinct w from (
                   select unnest(${stemsOf(sql`cue.plain_text`)}) w
                   from caption_tracks t join caption_cues cue on cue.track_id = t.id
                   where t.response_id = c.response_id
                   union all select unnest(${stemsOf(sql`r.text`)})) words
                 where w = any(i.stems)) as "answerStems",
           ${sameLecture} as "sameLecture"
    from input i,
         -- Unaliased: scope.listed names the table (questionAllowsSql).
         lateral (select questions.* from questions
                  where response_id is not null and video_id in (${scope.videoIds}) and ${scope.listed}
                    and (question_stems % i.stems_text
                         or to_tsvector('english'::regconfig, question) @@ i.query)
                  limit ${CANDIDATES}) c
    join responses r on r.id = c.response_id
    left join media_files m on m.sha256 = r.media_sha256`)) as unknown as { rows: Row[] };
  // How many candidates hold each stem: a stem most of them share ("differ", "function") tells little.
  const holders = new Map<string, number>();
  for (const row of rows.rows) for (const stem of row.stems) holders.set(stem, (holders.get(stem) ?? 0) + 1);
  return rows.rows
    .map((row) => {
      const sameVideo = row.videoId === place.videoId;
      const features: MatchFeatures = {
        trigram: row.trigram,
        stems: stemOverlap(row.queryStems, row.stems, row.answerStems, holders),
        sameLecture: row.sameLecture,
        sameVideo,
        secondsApart: sameVideo ? Math.abs(row.time - place.time) : null,
      };
      const { questionId, videoId, time, question, responseId, answerSeconds, answerKind } = row;
      const score = matchScore(features);
      return { questionId, videoId, time, question, responseId, answerSeconds, answerKind, score };
    })
    .sort((a, b) => b.score - a.score || a.questionId.localeCompare(b.questionId));
}

/** The best `limit` earlier answered questions that pass the threshold. */
export async function findAnsweredMatches(
  db: DbOrTx,
  text: string,
  place: MatchPlace,
  scope: MatchScope,
  limit: number,
  threshold = SUGGESTION_THRESHOLD,
): Promise<Match[]> {
  return (await scoredCandidates(db, text, place, scope)).filter((m) => m.score >= threshold).slice(0, limit);
}
