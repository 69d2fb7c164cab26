import type { QuestionDto } from '@lectern/shared';

/** Where one of the asker's own questions stands, as the asker reads it (issue 11 #1). */
export type OwnQuestionState = 'answered' | 'live' | 'processing' | 'waiting';

export function ownQuestionState(q: QuestionDto): OwnQuestionState {
  if (q.response) return 'answered';
  return q.status ?? 'waiting';
}

/** What the asker reads for each state (the instructor's live and processing texts speak to instructors). */
export const OWN_STATE_TEXT: Record<OwnQuestionState, string> = {
  waiting: 'Waiting for a response',
  live: 'Asked live: waiting for an instructor to join',
  processing: 'An answer is being prepared',
  answered: 'Answered',
};

/** The caller's own questions of a list that may hold others' (the video read: answered ones plus own). */
export const askedBy = (questions: readonly QuestionDto[], userId: string): QuestionDto[] =>
  questions.filter((q) => q.whoAsked?.id === userId);

/**
 * Home's two lists of the asker's questions: every one still waiting (whatever its age, it is not done),
 * and those answered within `recentMs` of `now`.
 */
export function splitOwnQuestions(questions: readonly QuestionDto[], now: number, recentMs: number) {
  const waiting = questions.filter((q) => !q.response);
  const answered = questions.filter(
    (q) => q.response && q.answeredAt !== null && now - Date.parse(q.answeredAt) <= recentMs,
  );
  return { waiting, answered };
}
