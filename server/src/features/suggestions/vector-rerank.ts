import type { Match } from './matcher';
import { SUGGESTION_THRESHOLD, WEIGHTS, bestFirst } from './match-score';
import { type WordVectors, cosine, meanVector, wordVectors } from './word-vectors';

// Meaning re-ranks the lexical matcher's candidates (issue 24): a paraphrase sharing no content word
// ("why does the rifle kick back" for "why does a gun recoil when fired", found among the nearby candidates
// of matcher.ts) is close in meaning though not in words. Each candidate (at most 430: measuring them all
// costs well under a millisecond) is scored ((1 − α) · words + α · meaning) · nearness, where nearness is
// the same locality factor as before (match-score.ts) and meaning blends two measures: the cosine of the
// two texts' sentence meanings (sentence-meaning.ts, weight β) and that of their mean word vectors (stop
// words left out). A candidate or text without a sentence meaning is measured by the word vectors alone.
// α, β and the threshold were tuned on the labelled set and measured held out (eval/suggestions.ts,
// docs/decisions.md). Without the word table the lexical scores and threshold stand unchanged.

export const MEANING = {
  /** The weight of meaning against words. */
  alpha: 0.75,
  /** The weight of the sentence encoder's cosine against the word vectors' within meaning. */
  sentence: 0.7,
  /** A candidate is suggested from this combined score on (nearness can raise a score above 1). */
  threshold: 0.93,
} as const;

/** How alike in words, in meaning, and how near: what a candidate's score is made of. */
export interface Likeness {
  /** The lexical likeness of the words, 0..1 (match-score.ts wordLikeness). */
  words: number;
  /** The locality factor, ≥ 1 (match-score.ts nearness). */
  nearness: number;
  /** Cosine of the two sentence meanings, 0..1; null when either has none (sentence-meaning.ts). */
  sentence: number | null;
  /** Cosine of the mean word vectors, 0..1 (negative counts as 0); null when not measured. */
  vectors: number | null;
}

/** PostgreSQL's English stop words (tsearch_data/english.stop): they say nothing of what is asked. */
const STOP_WORDS = new Set(
  `i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers
  herself it its itself they them their theirs themselves what which who whom this that these those am is
  are was were be been being have has had having do does did doing a an the and but if or because as until
  while of at by for with about against between into through during before after above below to from up
  down in out on off over under again further then once here there when where why how all any both each few
  more most other some such no nor not only own same so than too very s t can will just don should now`.split(
    /\s+/,
  ),
);

/** The words of a text that carry meaning, lower-cased. */
export const meaningWords = (text: string): string[] =>
  (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => !STOP_WORDS.has(w));

/** Meaning, 0..1: the sentence encoder's cosine at weight `sentence` and the word vectors' at the rest. */
export const meaningOf = (l: Likeness, sentence: number = MEANING.sentence): number =>
  l.sentence === null ? (l.vectors ?? 0) : sentence * l.sentence + (1 - sentence) * (l.vectors ?? 0);

/** A candidate's score from its likeness, at weight `alpha` of meaning (and `sentence` within it). */
export const combinedScore = (l: Likeness, alpha: number, sentence: number = MEANING.sentence): number =>
  ((1 - alpha) * l.words + alpha * meaningOf(l, sentence)) * l.nearness;

/**
 * Off the student's recording, words alone still suggest as they did before the vectors: the combined
 * threshold was tuned on same-video duplicates, and a question of another lecture or course (the
 * instructor's "Possibly answered by" of last term's) keeps what the lexical matcher found. The labelled
 * set's off-video duplicates show that neither reaches most of them (docs/decisions.md, issue 24 figures).
 */
export const suggestedByWordsAlone = (l: Likeness): boolean =>
  l.nearness < 1 + WEIGHTS.sameRecording && l.words * l.nearness >= SUGGESTION_THRESHOLD;

/** Whether a re-ranked candidate is suggested at `threshold` of the combined score. */
export const passes = (m: Match, threshold: number): boolean =>
  m.score >= threshold || (m.likeness !== undefined && suggestedByWordsAlone(m.likeness));

/**
 * Whether a candidate could pass however alike the sentence encoder finds it: a score only grows with the
 * sentence cosine (at most 1), and passing by words alone does not depend on it.
 */
export const couldPass = (m: Match, threshold: number): boolean =>
  m.likeness !== undefined &&
  passes({ ...m, score: combinedScore({ ...m.likeness, sentence: 1 }, MEANING.alpha) }, threshold);

/** The threshold in force: the combined one with the word table, the lexical one without. */
export const suggestionThreshold = (vectors: WordVectors | null = wordVectors()): number =>
  vectors ? MEANING.threshold : SUGGESTION_THRESHOLD;

/** Texts whose mean vectors are kept per table; past this, the memo starts again (about 4 MB at 100 dimensions). */
const MEMO_TEXTS = 10_000;
const memos = new WeakMap<WordVectors, Map<string, Float32Array | null>>();

/**
 * The mean vector of a candidate's meaning words, remembered by its text: the same answered questions are
 * candidates of request after request, and re-reading their words was most of the re-rank's cost. It holds
 * only what a table and a text determine, so it can be neither stale nor shown to anyone.
 */
function candidateVector(vectors: WordVectors, text: string): Float32Array | null {
  let memo = memos.get(vectors);
  if (!memo) memos.set(vectors, (memo = new Map()));
  let vector = memo.get(text);
  if (vector === undefined) {
    if (memo.size >= MEMO_TEXTS) memo.clear();
    vector = meanVector(vectors, meaningWords(text));
    memo.set(text, vector);
  }
  return vector;
}

/** Candidates (each with its likeness) re-scored with meaning and ranked again; unchanged without the word table. */
export function rerankByMeaning(
  text: string,
  ranked: Match[],
  vectors: WordVectors | null = wordVectors(),
  alpha: number = MEANING.alpha,
): Match[] {
  if (!vectors || ranked.length === 0) return ranked;
  const asked = meanVector(vectors, meaningWords(text));
  return ranked
    .map((match) => {
      if (!match.likeness) return match;
      const candidate = asked ? candidateVector(vectors, match.question) : null;
      const likeness = {
        ...match.likeness,
        vectors: asked && candidate ? Math.max(0, cosine(asked, candidate)) : 0,
      };
      return { ...match, likeness, score: combinedScore(likeness, alpha) };
    })
    .sort(bestFirst);
}
