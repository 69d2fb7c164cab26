// What other features may use of questions (the boundary rule, scripts/eslint-server-boundaries.js,
// admits no other file of it): meetings reads a question and the caller's role on it, changes its status
// with the question's own event, tells the asker when a live question goes back to the queue; the
// questions plugin's decoration imports a meeting's recording as the answer.
export { emitQuestionEvent, questionAudience } from './question-events';
export { OPEN_LIVE_ROOM_JOB, type OpenLiveRoomPayload } from './live-room';
export { isQuestionAdmin, loadQuestion } from './question-access';
export { mailLiveQuestionQueued } from './questions.mail';
export { type QuestionRecord, findQuestion, lockQuestion, updateQuestion } from './questions.repository';

/** What the questions plugin decorates the app with (`app.questions`). */
export interface QuestionsFeature {
  /** Answers the question with the video at `tempPath` (consumed); null if the question is gone. */
  importRecordedAnswer(
    questionId: string,
    values: { title: string; posterId: string | null },
    tempPath: string,
  ): Promise<string | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    questions: QuestionsFeature;
  }
}
