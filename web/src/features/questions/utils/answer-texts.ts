import { formatVideoTime } from '@lectern/shared';

/** An answer's kind and length as a list says it ("Video answer, 1:05 long"). */
export const answerSummary = (answer: { durationSeconds: number | null }): string =>
  answer.durationSeconds === null
    ? 'Video answer'
    : `Video answer, ${formatVideoTime(answer.durationSeconds)} long`;

/** "Use this answer" succeeded (issue 24). Kept out of shared's messages, which the watch page loads first. */
export const ANSWER_LINKED = 'The earlier answer now answers this question; the student will be told.';
