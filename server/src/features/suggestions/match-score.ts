// How alike a typed question and an earlier answered one are (issue 24): their words, then where they were
// asked. Kept apart from the SQL that finds candidates so the evaluation (eval/suggestions.ts) tunes these
// weights on the labelled set, and the numbers below are the ones it measured (docs/decisions.md).

/** What the database measures of one candidate (matcher.ts). */
export interface MatchFeatures {
  /** pg_trgm similarity of the two texts, 0..1. */
  trigram: number;
  /** English stems the two questions share, and how many each has (stop words left out). */
  sharedStems: number;
  candidateStems: number;
  queryStems: number;
  /** Query stems found in the answer's captions. */
  answerStems: number;
  sameVideo: boolean;
  /** Seconds between the two moments when on the same video, else null. */
  secondsApart: number | null;
  sameLecture: boolean;
}

export const WEIGHTS = {
  trigram: 0.45,
  stems: 0.55,
  /** Stems of the answer's words count for this much of a question stem. */
  answerStems: 0.25,
  sameVideo: 0.06,
  /** Added when on the same video, falling off with the seconds between the moments. */
  nearMoment: 0.12,
  nearMomentSeconds: 90,
  sameLecture: 0.03,
} as const;

/** A candidate is suggested from this score on (tuned for ≤ 10 % wrong suggestions, eval/suggestions.ts). */
export const SUGGESTION_THRESHOLD = 0.42;

/** Dice overlap of the stems: shared ones over the mean of the two counts, answer stems weighing less. */
function stemOverlap(f: MatchFeatures): number {
  const shared = f.sharedStems + WEIGHTS.answerStems * Math.max(0, f.answerStems - f.sharedStems);
  const sizes = f.queryStems + f.candidateStems;
  return sizes === 0 ? 0 : Math.min(1, (2 * shared) / sizes);
}

function locality(f: MatchFeatures): number {
  if (!f.sameVideo) return f.sameLecture ? WEIGHTS.sameLecture : 0;
  const apart = f.secondsApart ?? Infinity;
  return WEIGHTS.sameVideo + WEIGHTS.nearMoment * Math.exp(-apart / WEIGHTS.nearMomentSeconds);
}

/** The candidate's score: likeness of the words, raised by nearness; only words can make it pass. */
export function matchScore(f: MatchFeatures): number {
  const words = WEIGHTS.trigram * f.trigram + WEIGHTS.stems * stemOverlap(f);
  return words + locality(f) * Math.min(1, words * 3);
}
