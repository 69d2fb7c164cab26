import { type AnswerKind, formatVideoTime } from '@lectern/shared';

const KIND_NAMES = { video: 'Video answer', text: 'Text answer', both: 'Video and text answer' } as const;

/** An answer's kind and length as a list says it ("Video answer, 1:05 long", "Text answer"). */
export const answerSummary = (answer: { kind: AnswerKind; durationSeconds: number | null }): string =>
  answer.durationSeconds === null || answer.kind === 'text'
    ? KIND_NAMES[answer.kind]
    : `${KIND_NAMES[answer.kind]}, ${formatVideoTime(answer.durationSeconds)} long`;

/** "Use this answer" succeeded (issue 24). Kept out of shared's messages, which the watch page loads first. */
export const ANSWER_LINKED = 'The earlier answer now answers this question; the student will be told.';

/** A text answer was sent (issue 24): the upload's "Your response was uploaded" would not be true. */
export const ANSWER_WRITTEN = 'Your answer in words is posted; the student will be told.';
