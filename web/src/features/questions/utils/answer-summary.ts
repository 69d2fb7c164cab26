import { formatVideoTime } from '@lectern/shared';

/** An answer's kind and length as a list says it ("Video answer, 1:05 long"). */
export const answerSummary = (answer: { durationSeconds: number | null }): string =>
  answer.durationSeconds === null
    ? 'Video answer'
    : `Video answer, ${formatVideoTime(answer.durationSeconds)} long`;
