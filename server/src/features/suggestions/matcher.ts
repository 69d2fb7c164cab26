import { type SQL, sql } from 'drizzle-orm';
import type { AnswerKind } from '@lectern/shared';
import type { DbOrTx } from '../../db/client';
import { executePrepared } from '../../db/prepared';
import { type MatchFeatures, bestFirst, nearness, stemOverlap, wordLikeness } from './match-score';
import { type SentenceMeaning, meaningCosine, sentenceMeanings } from './sentence-meaning';
import { type Likeness, couldPass, passes, rerankByMeaning, suggestionThreshold } from './vector-rerank';
import { wordVectors } from './word-vectors';

// The matcher of question suggestions (issue 24), in PostgreSQL and PGlite alike (both run pg_trgm,
// migration 0020): earlier answered questions whose stems share trigrams with the text's
// (questions_answered_stems_trgm_idx over the kept `question_stems`, migration 0025) or that share English
// stems (questions_answered_english_idx) are the candidates, at most CANDIDATES of them (those sharing a
// stem first: candidatesOf); each is measured (trigram similarity, shared stems, stems its answer's
// captions share) and scored in match-score.ts; with them, up to NEARBY_CANDIDATES answered questions
// nearest in time on the same recording, whatever their words, and their meanings (the sentence encoder's,
// kept with each question, and word vectors') re-rank them all (vector-rerank.ts). Who may see what is the
// caller's business: it passes the videos and the question condition (features/access/visibility.ts) in
// `scope`. The instructor's "Possibly answered by" can call this with its own scope.

/** Candidates measured per request: a word found in more questions than this is no way to tell them apart. */
export const CANDIDATES = 400;
/**
 * Answered questions on the same recording, nearest in time, added to the candidates whatever their words: a
 * paraphrase sharing no word is found by meaning only (vector-rerank.ts), and it is most often asked near.
 */
export const NEARBY_CANDIDATES = 30;
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
  /** What the score is made of (vector-rerank.ts); the evaluation tunes on it. */
  likeness?: Likeness;
}

/** The text's words, lower-cased, for an `or` query (websearch syntax; `or` itself cannot be a word). */
export const wordsOf = (text: string): string[] =>
  (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w !== 'or').slice(0, MAX_WORDS);

/** A candidate as the database measures it, for the input numbered `n`. */
interface Row extends Omit<Match, 'score'> {
  n: number;
  /** On the student's video or a copy of it (recordingOf). */
  sameRecording: boolean;
  trigram: number;
  stems: string[];
  queryStems: string[];
  answerStems: string[];
  sameLecture: boolean;
  /** Kept with the question when it was written (sentence-meaning.ts); null before the backfill reached it. */
  meaning: SentenceMeaning | null;
}

/** One text to match, and where it was typed. */
export interface MatchInput {
  text: string;
  place: MatchPlace;
  /** The text's meaning when it is already known (a kept question's); encoded here otherwise. */
  meaning?: SentenceMeaning;
}

/**
 * Every candidate of each input with its features and score, best first, in the inputs' order (the
 * evaluation reads them all): one statement for the whole batch, each input's candidates found by a
 * lateral join of its own. An input's text is encoded (sentence-meaning.ts, ~25 ms of CPU) only when a
 * candidate has a kept meaning to compare it with and `worthEncoding` says its ranking may need it.
 */
export async function scoredCandidatesOfMany(
  db: DbOrTx,
  inputs: readonly MatchInput[],
  scope: MatchScope,
  worthEncoding: (ranked: Match[]) => boolean = () => true,
): Promise<Match[][]> {
  const texts = inputs.map((input) => wordsOf(input.text));
  const wanted = inputs.flatMap((input, n) => {
    const words = texts[n]!;
    if (words.length === 0) return [];
    const { lectureId, videoId, time } = input.place;
    return [
      sql`(${n}::int, ${words.join(' ')}::text, ${words.join(' or ')}::text, ${lectureId}::uuid, ${videoId}::uuid, ${time}::float8)`,
    ];
  });
  const byInput: Row[][] = inputs.map(() => []);
  if (wanted.length > 0) {
    for (const row of (await candidateRows(db, wanted, scope)).rows) byInput[row.n]!.push(row);
  }
  const ranked = (n: number, asked: SentenceMeaning | null) =>
    rerankByMeaning(inputs[n]!.text, scoreRows(byInput[n]!, inputs[n]!.place, asked));
  // Words, nearness and word vectors first; then the sentence encoder, for the inputs that need it.
  const withoutSentences = inputs.map((_, n) => ranked(n, null));
  const encode = withoutSentences.map(
    (matches, n) =>
      wordVectors() !== null && byInput[n]!.some((row) => row.meaning !== null) && worthEncoding(matches),
  );
  const asked = await meaningsOf(inputs, encode);
  return withoutSentences.map((matches, n) => (asked[n] ? ranked(n, asked[n]) : matches));
}

/** The meaning of each input to `encode`: the one it brings, else its text encoded (all in one call). */
async function meaningsOf(
  inputs: readonly MatchInput[],
  encode: readonly boolean[],
): Promise<(SentenceMeaning | null)[]> {
  const unknown = inputs.flatMap((input, n) => (encode[n] && !input.meaning ? [n] : []));
  const encoded = await sentenceMeanings(unknown.map((n) => inputs[n]!.text));
  const meanings = inputs.map((input, n) => (encode[n] ? (input.meaning ?? null) : null));
  unknown.forEach((n, k) => (meanings[n] = encoded[k]!));
  return meanings;
}

/** Every candidate of one text with its features and score, best first. */
export async function scoredCandidates(
  db: DbOrTx,
  text: string,
  place: MatchPlace,
  scope: MatchScope,
): Promise<Match[]> {
  return (await scoredCandidatesOfMany(db, [{ text, place }], scope))[0]!;
}

/**
 * The candidates of each wanted `(n, clean words, or-query, lecture id, video id, moment)`, measured. One
 * input (a suggestion request, run very often) is a prepared statement (db/prepared.ts): parsed once per
 * connection, and in a small course planned once too, where planning was a third of the database's time
 * (docs/decisions.md, "issue 24, suggestp99"). Batches, of every size, are sent as they are.
 */
function candidateRows(db: DbOrTx, wanted: SQL[], scope: MatchScope): Promise<{ rows: Row[] }> {
  const statement = candidateStatement(wanted, scope);
  return wanted.length === 1
    ? executePrepared<Row>(db, statement)
    : (db.execute(statement) as unknown as Promise<{ rows: Row[] }>);
}

function candidateStatement(wanted: SQL[], scope: MatchScope): SQL {
  return sql`
    with wanted(n, clean, ored, lecture_id, video_id, moment) as (values ${sql.join(wanted, sql`, `)}),
    -- Read once for every input and both parts of its candidates.
    scope_videos(video_id) as materialized (${scope.videoIds}),
    input as (
      select n, lecture_id, video_id, moment, websearch_to_tsquery('english'::regconfig, ored) as query,
             ${recordingOf(sql`wanted.video_id`)} as recording,
             tsvector_to_array(to_tsvector('english'::regconfig, clean)) as stems,
             -- The same form as the kept questions.question_stems (schema/questions.ts).
             strip(to_tsvector('english'::regconfig, clean))::text as stems_text
      from wanted)
    select i.n, c.id as "questionId", c.video_id as "videoId", c.time_asked::float8 as time, c.question,
           c.response_id as "responseId", m.duration_seconds::float8 as "answerSeconds", c.meaning,
           c.video_id = any(i.recording) as "sameRecording",
           case when r.media_sha256 is null then 'text' when r.text is null then 'video' else 'both' end
             as "answerKind",
           -- Over the stems, sorted: the words that carry meaning, in any order ("what is the difference
           -- between" alike in two questions says nothing).
           similarity(c.question_stems, i.stems_text)::float8 as trigram,
           -- The kept stems read back (the same lexemes as parsing the question again, without the parse).
           tsvector_to_array(c.question_stems::tsvector) as stems,
           i.stems as "queryStems",
           -- The answer's words: its captions, and its text when it has one (their stems kept, migration
           -- 0033: caption_tracks.stems, responses.text_stems).
           array(select distinct w from (
                   select unnest(t.stems) w from caption_tracks t where t.response_id = c.response_id
                   union all select unnest(r.text_stems)) words
                 where w = any(i.stems)) as "answerStems",
           -- A null lecture (no page of one) holds no videos: never the same lecture.
           c.video_id in (select lv.video_id from lecture_videos lv where lv.lecture_id = i.lecture_id)
             as "sameLecture"
    from input i,
         lateral (${candidatesOf(scope.listed)}) c
    join responses r on r.id = c.response_id
    left join media_files m on m.sha256 = r.media_sha256`;
}

/**
 * The scope's videos of the same recording as `videoId`: itself, and its copies on the same media file or
 * YouTube link, as a lecture duplicated into another course (next term's) holds (SPEC §4 Duplicate modes).
 * A question at 12:31 of last term's copy was asked at the same moment of the same lecture.
 */
const recordingOf = (videoId: SQL): SQL => sql`array(
  select s.video_id from scope_videos s join videos v on v.id = s.video_id, videos here
  where here.id = ${videoId}
    and (v.id = here.id or v.media_sha256 = here.media_sha256 or v.youtube_url = here.youtube_url))`;

/** A part of the candidates: at most `limit` answered questions of the scope meeting `condition`. */
type CandidatePart = (condition: SQL, order: SQL, limit: number) => SQL;

/**
 * At most CANDIDATES answered questions of the scope sharing an English stem with the input `i`, then, while
 * there is room, those sharing trigrams of the stems only. The two parts do not overlap, so this is the same
 * set as `stems % text or tsvector @@ query` whenever that has CANDIDATES or fewer; past that, questions
 * sharing a word come first. Each part has its own index and no per-row parse of the question: the `or`
 * made PostgreSQL re-check both sides on every trigram hit (an English parse of each), and always read the
 * whole trigram index, whose common trigrams ("differ", "function") match nearly every question of a large
 * course (docs/decisions.md, "The suggestion request's cost").
 */
function candidatesOf(listed: SQL): SQL {
  // Unaliased: `listed` names the table (questionAllowsSql).
  const part: CandidatePart = (condition, order, limit) => sql`(select questions.id, questions.video_id,
        questions.time_asked, questions.question, questions.response_id, questions.question_stems,
        questions.meaning
      from questions
      where response_id is not null and video_id in (select video_id from scope_videos) and ${listed}
        and ${condition}
      ${order} limit ${limit})`;
  const sharesStem = sql`to_tsvector('english'::regconfig, question) @@ i.query`;
  const none = sql``;
  // Then, whatever their words, the nearest in time on the same video (for the word vectors); `union`
  // drops those already found.
  return sql`(${part(sharesStem, none, CANDIDATES)}
    union all ${part(sql`question_stems % i.stems_text and not (${sharesStem})`, none, CANDIDATES)}
    limit ${CANDIDATES})
    union ${nearestInTime(part)}`;
}

/**
 * The NEARBY_CANDIDATES answered questions nearest in time to the input's moment on its recording (by
 * distance, then id): on each video of the recording, the nearest after it and the nearest before it, each
 * read in order from questions_answered_idx (video, time), then the nearest of all. Ordering the video's
 * answered questions by distance instead read every one of them (37,500 at 150,000 questions: 38 of the
 * statement's 45 ms).
 */
function nearestInTime(part: CandidatePart): SQL {
  const side = (condition: SQL, order: SQL) =>
    part(sql`video_id = r.video_id and ${condition}`, order, NEARBY_CANDIDATES);
  return sql`(select nearest.* from unnest(i.recording) r(video_id),
      lateral (${side(sql`time_asked >= i.moment`, sql`order by time_asked, id`)}
        union all ${side(sql`time_asked < i.moment`, sql`order by time_asked desc, id`)}) nearest
    order by abs(nearest.time_asked - i.moment), nearest.id limit ${NEARBY_CANDIDATES})`;
}

/** One input's candidates scored and ranked; `asked` is the typed text's meaning. */
function scoreRows(rows: Row[], place: MatchPlace, asked: SentenceMeaning | null): Match[] {
  // How many candidates hold each stem: a stem most of them share ("differ", "function") tells little.
  const holders = new Map<string, number>();
  for (const row of rows) for (const stem of row.stems) holders.set(stem, (holders.get(stem) ?? 0) + 1);
  return rows
    .map((row) => {
      const features: MatchFeatures = {
        trigram: row.trigram,
        stems: stemOverlap(row.queryStems, row.stems, row.answerStems, holders),
        sameLecture: row.sameLecture,
        sameRecording: row.sameRecording,
        secondsApart: row.sameRecording ? Math.abs(row.time - place.time) : null,
      };
      const { questionId, videoId, time, question, responseId, answerSeconds, answerKind } = row;
      const likeness: Likeness = {
        words: wordLikeness(features),
        nearness: nearness(features),
        sentence: asked && row.meaning ? meaningCosine(asked, row.meaning) : null,
        vectors: null,
      };
      const score = likeness.words * likeness.nearness;
      return { questionId, videoId, time, question, responseId, answerSeconds, answerKind, score, likeness };
    })
    .sort(bestFirst);
}

/**
 * The best of each answer's questions: an answer reused for another question, or a duplicated lecture's
 * copy of its question (SPEC §4), answers several, and is worth one place among the few shown.
 */
function onePerAnswer(ranked: Match[]): Match[] {
  const best = new Map<string, Match>();
  for (const m of ranked) if (!best.has(m.responseId)) best.set(m.responseId, m);
  return [...best.values()];
}

/**
 * Of each input, the best `limit` earlier answered questions that pass the threshold, one per answer, in
 * one statement.
 */
export async function findAnsweredMatchesOfMany(
  db: DbOrTx,
  inputs: readonly MatchInput[],
  scope: MatchScope,
  limit: number,
): Promise<Match[][]> {
  const vectors = wordVectors();
  const threshold = suggestionThreshold(vectors);
  // A text none of whose candidates could pass, whatever its sentence meaning, is not encoded: in a course
  // with no answered question yet, or few and far from the moment (measured on the physics course's texts:
  // 14 of 40 with 5 answered questions in an hour of video, 1 of 40 with 20).
  const ranked = await scoredCandidatesOfMany(db, inputs, scope, (matches) =>
    matches.some((m) => couldPass(m, threshold)),
  );
  const shown = (m: Match) => (vectors ? passes(m, threshold) : m.score >= threshold);
  return ranked.map((matches) => onePerAnswer(matches.filter(shown)).slice(0, limit));
}

/** The best `limit` earlier answered questions like `text` that pass the threshold. */
export async function findAnsweredMatches(
  db: DbOrTx,
  text: string,
  place: MatchPlace,
  scope: MatchScope,
  limit: number,
): Promise<Match[]> {
  return (await findAnsweredMatchesOfMany(db, [{ text, place }], scope, limit))[0]!;
}
