// Question suggestions (issue 24): each labelled course of eval/suggestions/*.json is replayed in order into
// a fresh embedded database, every question first asked of the real matcher (server/src/features/
// suggestions/matcher.ts) against the answered questions before it, then added as answered. Prints
// recall@3 (an earlier asking of the same question among the suggestions shown: its original, or another
// repeat of that original, answered as well), MRR, and the false-suggestion rate
// (questions with no earlier duplicate that were shown anything), at the threshold in use and around it.
// With the word table (vector-rerank.ts) it also tunes α and the threshold on one half of the set by
// course (A: Biology + Calculus, B: Physics + Programming) and reports them on the other half, both ways,
// beside the shipped setting on each half, the word vectors without the sentence encoder, and the lexical
// matcher alone. Duplicates are also counted by
// where they were asked against their original (same video, another video of the lecture, another
// lecture, last term's copy of the course); and the demo course's own questions give the product figure.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { MAX_SUGGESTIONS } from '@lectern/shared';
import { openDatabase } from '../server/src/db/client';
import { migrateDatabase } from '../server/src/db/migrate';
import { courses, lectureVideos, lectures, questions, responses, videos } from '../server/src/db/schema';
import { bestFirst } from '../server/src/features/suggestions/match-score';
import { type Match, scoredCandidates } from '../server/src/features/suggestions/matcher';
import { sentenceMeaning } from '../server/src/features/suggestions/sentence-meaning';
import {
  MEANING,
  type Likeness,
  combinedScore,
  passes,
  suggestionThreshold,
} from '../server/src/features/suggestions/vector-rerank';
import { wordVectors } from '../server/src/features/suggestions/word-vectors';
import { DEMO_QUESTIONS, type DemoQuestion } from '../scripts/demo/demo-questions';

/** One question of the labelled set. */
interface LabelledQuestion {
  id: string;
  video: string;
  t: number;
  text: string;
  duplicateOf: string | null;
  /** "previous": asked in last term's copy of the course (same lectures and videos), before this term. */
  term?: 'previous';
  /** False: never answered, so never suggested (the demo's waiting questions); answered by default. */
  answered?: boolean;
}

/** One course of the labelled set, its questions in the order they were asked. */
interface LabelledCourse {
  course: string;
  lectures: { id: string; title: string; videos: string[] }[];
  questions: LabelledQuestion[];
}

/** Where a duplicate was asked against its original. */
type Group = 'same video' | 'other video' | 'other lecture' | 'other term';
const GROUPS: readonly Group[] = ['same video', 'other video', 'other lecture', 'other term'];

/** Each question's ranked candidates, with its label. */
interface Outcome {
  id: string;
  course: string;
  text: string;
  duplicateOf: string | null;
  /** Where the duplicate was asked against its original; null without one. */
  group: Group | null;
  ranked: Match[];
  /** Database question id → labelled id. */
  labelOf: Map<string, string>;
  /** Labelled id → the first asking of its question (itself when it repeats none), in its course. */
  originalOf: Map<string, string>;
}

/**
 * Whether `m` asks the same question as `o` did: `o` repeats an earlier question, and `m` is that
 * question or another repeat of it (answered too, so showing it answers the student as well).
 */
const asksTheSame = (o: Outcome, m: Match): boolean =>
  o.duplicateOf !== null && o.originalOf.get(o.labelOf.get(m.questionId) ?? '') === o.originalOf.get(o.id);

/** Each question's first asking: the start of its chain of repeats. */
function originals(set: LabelledCourse): Map<string, string> {
  const byId = new Map(set.questions.map((q) => [q.id, q]));
  const originalOf = (id: string): string => {
    const repeated = byId.get(id)?.duplicateOf;
    return repeated ? originalOf(repeated) : id;
  };
  return new Map(set.questions.map((q) => [q.id, originalOf(q.id)]));
}

const DAY = 86_400_000;

type Db = Awaited<ReturnType<typeof openDatabase>>['db'];

/** The course's lectures and videos, made in `db`: each video's id and lecture id by its labelled name. */
async function makeCourse(db: Db, name: string, set: LabelledCourse, firstDay: number) {
  const [course] = await db.insert(courses).values({ name, description: '' }).returning();
  const places = new Map<string, { videoId: string; lectureId: string }>();
  for (const [i, l] of set.lectures.entries()) {
    const at = new Date(firstDay + i * 7 * DAY);
    const [lecture] = await db
      .insert(lectures)
      .values({
        courseId: course!.id,
        title: l.title,
        lectureDate: at,
        lectureDateAvailable: at,
        lectureDateStart: at,
        lectureDateEnd: new Date(at.getTime() + 3_600_000),
      })
      .returning();
    for (const [position, video] of l.videos.entries()) {
      // Both terms' copies of a video play the same recording, as a duplicated lecture's do.
      const youtubeUrl = `https://www.youtube.com/watch?v=${encodeURIComponent(video)}`;
      const [row] = await db
        .insert(videos)
        .values({ title: video, sourceType: 'youtubeLink', youtubeUrl })
        .returning();
      await db.insert(lectureVideos).values({ lectureId: lecture!.id, videoId: row!.id, position });
      places.set(video, { videoId: row!.id, lectureId: lecture!.id });
    }
  }
  return { courseId: course!.id, places };
}

/** Where `q`'s duplicate was asked against its original (`byId` holds every question of the course). */
function groupOf(
  q: LabelledQuestion,
  byId: Map<string, LabelledQuestion>,
  set: LabelledCourse,
): Group | null {
  if (!q.duplicateOf) return null;
  const original = byId.get(q.duplicateOf);
  if (!original) throw new Error(`${set.course}: ${q.id} duplicates unknown ${q.duplicateOf}`);
  if (original.term !== q.term) return 'other term';
  if (original.video === q.video) return 'same video';
  const lectureOf = (video: string) => set.lectures.find((l) => l.videos.includes(video));
  return lectureOf(original.video) === lectureOf(q.video) ? 'other video' : 'other lecture';
}

/**
 * The course replayed: last term's questions first, in last term's copy of the course (as a lecture
 * duplicated into the next term holds the same lectures and copies of its videos), then this term's. The scope is both
 * courses: what an instructor who administers both is offered ("Possibly answered by", which reaches a
 * course the instructor administers); a student's box looks in the course and its concurrent copies only.
 */
async function replay(db: Db, set: LabelledCourse) {
  const thisTerm = await makeCourse(db, set.course, set, Date.UTC(2026, 0, 5));
  const hasLastTerm = set.questions.some((q) => q.term === 'previous');
  const lastTerm = hasLastTerm
    ? await makeCourse(db, `${set.course} (last term)`, set, Date.UTC(2025, 8, 1))
    : null;
  const courseIds = [thisTerm.courseId, ...(lastTerm ? [lastTerm.courseId] : [])];
  const scope = {
    videoIds: sql`select lv.video_id from lecture_videos lv join lectures l on l.id = lv.lecture_id
                  where l.course_id in (${sql.join(
                    courseIds.map((id) => sql`${id}::uuid`),
                    sql`, `,
                  )})`,
    listed: sql`true`,
  };
  const byId = new Map(set.questions.map((q) => [q.id, q]));
  const asked = [
    ...set.questions.filter((q) => q.term === 'previous'),
    ...set.questions.filter((q) => q.term !== 'previous'),
  ];
  const labelOf = new Map<string, string>();
  const originalOf = originals(set);
  const outcomes: Outcome[] = [];
  for (const q of asked) {
    const course = q.term === 'previous' ? lastTerm! : thisTerm;
    const where = course.places.get(q.video);
    if (!where) throw new Error(`${set.course}: ${q.id} is on unknown video ${q.video}`);
    const place = { videoId: where.videoId, time: q.t, lectureId: where.lectureId };
    outcomes.push({
      id: q.id,
      course: set.course,
      text: q.text,
      duplicateOf: q.duplicateOf,
      group: groupOf(q, byId, set),
      ranked: await scoredCandidates(db, q.text, place, scope),
      labelOf,
      originalOf,
    });
    const answered = q.answered ?? true;
    const [response] = answered ? await db.insert(responses).values({ title: 'Answer' }).returning() : [];
    // Its meaning kept with it, as asking a question keeps it.
    const meaning = await sentenceMeaning(q.text);
    const [row] = await db
      .insert(questions)
      .values({
        videoId: where.videoId,
        question: q.text,
        meaning,
        timeAsked: q.t,
        responseId: response?.id ?? null,
      })
      .returning();
    labelOf.set(row!.id, q.id);
  }
  return outcomes;
}

/** EVAL_VERBOSE=1: each miss and each wrong suggestion, to see what the matcher gets wrong. */
const verboseRequested = process.env.EVAL_VERBOSE === '1';

function explain(o: Outcome, shown: Match[]) {
  const wanted = o.duplicateOf ? `wanted ${o.duplicateOf}` : 'wanted nothing';
  console.log(`    ${o.id} "${o.text}" (${wanted}):`);
  for (const m of shown)
    console.log(`      ${o.labelOf.get(m.questionId)} ${m.score.toFixed(2)} "${m.question}"`);
  const truth = o.ranked.find((m) => asksTheSame(o, m));
  if (o.duplicateOf) console.log(`      truth ${truth ? truth.score.toFixed(2) : 'not a candidate'}`);
}

const vectorsInUse = wordVectors() !== null;

/**
 * How candidates are scored: as shipped, by words alone, or at another weight of meaning (α) and of the
 * sentence encoder within it (0: the word vectors alone).
 */
type Scoring = 'shipped' | 'lexical' | { alpha: number; sentence: number };

function rescored(o: Outcome, scoring: Scoring): Match[] {
  if (scoring === 'shipped') return o.ranked;
  const score = (l: Likeness) =>
    scoring === 'lexical' ? l.words * l.nearness : combinedScore(l, scoring.alpha, scoring.sentence);
  return o.ranked.map((m) => ({ ...m, score: score(m.likeness!) })).sort(bestFirst);
}

function measure(outcomes: Outcome[], threshold: number, verbose = false, scoring: Scoring = 'shipped') {
  let duplicates = 0;
  let found = 0;
  let reciprocal = 0;
  let others = 0;
  let wronglyShown = 0;
  for (const o of outcomes) {
    const shown = rescored(o, scoring)
      .filter((m) => (scoring === 'lexical' || !vectorsInUse ? m.score >= threshold : passes(m, threshold)))
      .slice(0, MAX_SUGGESTIONS);
    const rank = shown.findIndex((m) => asksTheSame(o, m));
    if (verbose && (o.duplicateOf === null ? shown.length > 0 : rank < 0)) explain(o, shown);
    if (o.duplicateOf === null) {
      others += 1;
      if (shown.length > 0) wronglyShown += 1;
      continue;
    }
    duplicates += 1;
    if (rank >= 0) {
      found += 1;
      reciprocal += 1 / (rank + 1);
    }
  }
  return {
    duplicates,
    found,
    wronglyShown,
    others,
    recall: found / duplicates,
    mrr: reciprocal / duplicates,
    falseRate: wronglyShown / others,
  };
}

const pct = (x: number) => `${(100 * x).toFixed(1)} %`;

type Figures = ReturnType<typeof measure>;
const figures = (m: Figures) =>
  `recall@3 ${pct(m.recall)} of ${m.duplicates}, MRR ${m.mrr.toFixed(3)}, false ${pct(m.falseRate)} of ${m.others}`;

/** Recall@3 and MRR of each group of duplicates: where they were asked against their original. */
function byGroup(outcomes: Outcome[], threshold: number) {
  for (const group of GROUPS) {
    const m = measure(
      outcomes.filter((o) => o.group === group),
      threshold,
    );
    if (m.duplicates > 0)
      console.log(`    ${group}: recall@3 ${pct(m.recall)} of ${m.duplicates}, MRR ${m.mrr.toFixed(3)}`);
  }
}

/**
 * The product figure (issue 24): the demo course's questions (scripts/demo/demo-questions.ts) replayed in
 * the order they are asked, each against the questions answered before it, at the threshold in use. A
 * repeat of a question still waiting has no answer to show: it is told apart, in neither figure.
 */
async function demoFigure(db: Db, threshold: number) {
  const answered = new Set(DEMO_QUESTIONS.filter((q) => q.answeredBy).map((q) => q.key));
  for (const [i, q] of DEMO_QUESTIONS.entries())
    if (q.repeats && !DEMO_QUESTIONS.slice(0, i).some((earlier) => earlier.key === q.repeats))
      throw new Error(`demo question ${q.key} repeats ${q.repeats}, which is not asked before it`);
  const video = (q: DemoQuestion) => `lecture ${q.lecture + 1}`;
  const demo: LabelledCourse = {
    course: 'demo course',
    lectures: [0, 1, 2, 3].map((i) => ({ id: `${i}`, title: `${i}`, videos: [`lecture ${i + 1}`] })),
    questions: DEMO_QUESTIONS.map((q) => ({
      id: q.key,
      video: video(q),
      t: q.time,
      text: q.text,
      duplicateOf: q.repeats && answered.has(q.repeats) ? q.repeats : null,
      answered: q.answeredBy !== undefined,
    })),
  };
  const outcomes = await replay(db, demo);
  const ofWaiting = new Set(
    DEMO_QUESTIONS.filter((q) => q.repeats && !answered.has(q.repeats)).map((q) => q.key),
  );
  const m = measure(
    outcomes.filter((o) => !ofWaiting.has(o.id)),
    threshold,
    verboseRequested,
  );
  console.log(
    `  demo course (scripts/demo/demo-questions.ts): ${outcomes.length} questions, ` +
      `${m.duplicates + ofWaiting.size} repeat an earlier one, ${m.duplicates} of them an answered one`,
  );
  console.log(
    `    the box would have shown the earlier answer for ${m.found} of ${m.duplicates} (${pct(m.recall)})`,
  );
  console.log(
    `    non-repeats shown a wrong suggestion: ${m.wronglyShown} of ${m.others} (${pct(m.falseRate)})`,
  );
  console.log(`    repeats of a question still waiting (no answer to show): ${ofWaiting.size}`);
}

/** The halves of the set, by course. */
const HALVES = {
  A: ['Biology 110: Cells and Genetics', 'Calculus I'],
  B: ['Physics 101: Mechanics', 'Introduction to Programming (Python)'],
} as const;

/** The aim on false suggestions (issue 24). */
const MAX_FALSE = 0.1;

/**
 * Thresholds tried: at most 1, so that a question alike in words and meaning is suggested from anywhere
 * in scope. Most duplicates of the labelled set (117 of 153) are on the same video as their original, so
 * the set would rather learn a threshold that only the same video's nearness reaches (docs/decisions.md).
 */
const MAX_THRESHOLD = 1;

/** Of α (or words alone) and the threshold, the best recall@3 with ≤ 10 % false on `outcomes`. */
function tune(outcomes: Outcome[], scorings: Scoring[]) {
  let best: { scoring: Scoring; threshold: number; m: Figures } | null = null;
  for (const scoring of scorings)
    for (let t = 0.2; t <= MAX_THRESHOLD + 0.0001; t += 0.01) {
      const m = measure(outcomes, t, false, scoring);
      if (m.falseRate > MAX_FALSE) continue;
      if (!best || m.recall > best.m.recall || (m.recall === best.m.recall && m.mrr > best.m.mrr))
        best = { scoring, threshold: Number(t.toFixed(2)), m };
    }
  return best!;
}

/** Tuned on one half, measured on the other, both ways; and the shipped setting on each half. */
function heldOut(all: Outcome[]) {
  const half = (name: keyof typeof HALVES) =>
    all.filter((o) => (HALVES[name] as readonly string[]).includes(o.course));
  const alphas = (sentence: number): Scoring[] =>
    Array.from({ length: 19 }, (_, i) => ({ alpha: Number((0.05 * (i + 1)).toFixed(2)), sentence }));
  console.log(`  held out (A: ${HALVES.A.join(' + ')}; B: ${HALVES.B.join(' + ')}):`);
  for (const [from, to] of [
    ['B', 'A'],
    ['A', 'B'],
  ] as const) {
    for (const [label, scorings] of [
      ['words alone', ['lexical'] as Scoring[]],
      ['word vectors', alphas(0)],
      [`with the sentence encoder (β ${MEANING.sentence})`, alphas(MEANING.sentence)],
    ] as const) {
      const tuned = tune(half(from), scorings);
      const { scoring } = tuned;
      const setting = `${scoring === 'lexical' || scoring === 'shipped' ? '' : `α ${scoring.alpha}, `}threshold ${tuned.threshold}`;
      const m = measure(half(to), tuned.threshold, false, tuned.scoring);
      console.log(`    ${from} → ${to}, ${label} (${setting}): ${figures(m)}`);
    }
  }
  for (const name of ['A', 'B'] as const)
    console.log(`    shipped setting on ${name}: ${figures(measure(half(name), suggestionThreshold()))}`);
}

export async function run() {
  const dir = path.join(import.meta.dirname, 'suggestions');
  const sets = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as LabelledCourse);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-eval-suggestions-'));
  const database = await openDatabase({ kind: 'pglite', dir: dataDir });
  try {
    await migrateDatabase(database);
    const all: Outcome[] = [];
    const threshold = suggestionThreshold();
    const vectors = vectorsInUse;
    console.log(
      vectors
        ? `  word vectors and sentence encoder: α ${MEANING.alpha}, β ${MEANING.sentence}, threshold ${threshold}`
        : `  no word table: words alone, threshold ${threshold}`,
    );
    for (const set of sets) {
      const outcomes = await replay(database.db, set);
      all.push(...outcomes);
      console.log(`  ${set.course}: ${outcomes.length} questions, ${figures(measure(outcomes, threshold))}`);
    }
    console.log(`  all: ${all.length} questions, ${figures(measure(all, threshold, verboseRequested))}`);
    console.log('  by where the duplicate was asked:');
    byGroup(all, threshold);
    console.log('  around the threshold:');
    for (let t = threshold - 0.1; t <= threshold + 0.1001; t += 0.02)
      console.log(`    ${t.toFixed(2)}: ${figures(measure(all, t))}`);
    if (vectors) heldOut(all);
    await demoFigure(database.db, threshold);
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
