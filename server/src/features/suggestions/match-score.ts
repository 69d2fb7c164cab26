// How alike a typed question and an earlier answered one are (issue 24): their words, then where they were
// asked. Kept apart from the SQL that finds candidates so the evaluation (eval/suggestions.ts) tunes these
// weights on the labelled set, and the numbers below are the ones it measured (docs/decisions.md).

/** What the database measures of one candidate (matcher.ts). */
export interface MatchFeatures {
  /** pg_trgm similarity of the two texts' English stems, 0..1. */
  trigram: number;
  /** Weighted overlap of the two questions' English stems (stemOverlap), 0..1. */
  stems: number;
  /** On the student's video, or a copy of it on the same media or link (matcher.ts recordingOf). */
  sameRecording: boolean;
  /** Seconds between the two moments when on the same recording, else null. */
  secondsApart: number | null;
  sameLecture: boolean;
}

export const WEIGHTS = {
  trigram: 0.45,
  stems: 0.55,
  /** Stems of the answer's words count for this much of a question stem. */
  answerStems: 0.25,
  /** Likeness of words is raised by these fractions: on the same recording, more near the same moment. */
  sameRecording: 0.3,
  nearMoment: 0.5,
  nearMomentSeconds: 90,
  sameLecture: 0.15,
} as const;

/**
 * A candidate is suggested from this score on when words alone match (no word table, vector-rerank.ts),
 * tuned for ≤ 10 % wrong suggestions (eval/suggestions.ts).
 */
export const SUGGESTION_THRESHOLD = 0.5;

/**
 * Dice overlap of the English stems (stop words left out), each stem weighing less the more candidates hold
 * it (1/√n); stems only the answer's captions share count for WEIGHTS.answerStems of one.
 */
export function stemOverlap(
  query: readonly string[],
  candidate: readonly string[],
  answer: readonly string[],
  holders: ReadonlyMap<string, number>,
): number {
  const weight = (stem: string) => 1 / Math.sqrt(holders.get(stem) ?? 1);
  const inCandidate = new Set(candidate);
  const inAnswer = new Set(answer);
  let shared = 0;
  for (const stem of query) {
    if (inCandidate.has(stem)) shared += weight(stem);
    else if (inAnswer.has(stem)) shared += WEIGHTS.answerStems * weight(stem);
  }
  const sizes = [...query, ...candidate].reduce((sum, stem) => sum + weight(stem), 0);
  return sizes === 0 ? 0 : Math.min(1, (2 * shared) / sizes);
}

function locality(f: MatchFeatures): number {
  if (!f.sameRecording) return f.sameLecture ? WEIGHTS.sameLecture : 0;
  const apart = f.secondsApart ?? Infinity;
  return WEIGHTS.sameRecording + WEIGHTS.nearMoment * Math.exp(-apart / WEIGHTS.nearMomentSeconds);
}

/** How alike the words are, 0..1. */
export const wordLikeness = (f: MatchFeatures): number =>
  WEIGHTS.trigram * f.trigram + WEIGHTS.stems * f.stems;

/** The factor nearness raises likeness by, ≥ 1 (vector-rerank.ts uses the same). */
export const nearness = (f: MatchFeatures): number => 1 + locality(f);

/** The candidate's score: likeness of the words, raised by nearness, so nearness alone never suggests. */
export function matchScore(f: MatchFeatures): number {
  return wordLikeness(f) * nearness(f);
}

/**
 * Best first, ties by id: the order every ranking of candidates uses. Ids are lower-case UUIDs, so comparing
 * code units gives the order localeCompare gave, without the collator it called for every tie (the texts of
 * a large course recur, so ties are many).
 */
export const bestFirst = (
  a: { score: number; questionId: string },
  b: { score: number; questionId: string },
): number => b.score - a.score || (a.questionId < b.questionId ? -1 : a.questionId > b.questionId ? 1 : 0);
