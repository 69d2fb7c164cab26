// What other features may use of questions (the boundary rule, scripts/eslint-server-boundaries.js,
// admits no other file of it): meetings reads a question and the caller's role on it and names its
// audience; the questions plugin's decoration finds a question, settles it when its room ends and imports
// a meeting's recording as the answer.
import type { DbOrTx, Tx } from '../../db/client';
import type { QuestionRecord } from './questions.repository';
import type { RoomOutcome } from './room-outcome';

export { questionAudience } from './question-events';
export { OPEN_LIVE_ROOM_JOB, type OpenLiveRoomPayload } from './live-room';
export { isQuestionAdmin, loadQuestion } from './question-access';
export type { QuestionRecord } from './questions.repository';
export type { RoomOutcome } from './room-outcome';

/** What the questions plugin decorates the app with (`app.questions`). */
export interface QuestionsFeature {
  /** The question `questionId`, whoever asks (the caller has checked the access); read in `db` or a transaction. */
  find(db: DbOrTx, questionId: string): Promise<QuestionRecord | null>;
  /**
   * Its room ended with `outcome` (in `tx`, the room's transaction): the question's status follows, with
   * its event, and an unattended asker is told. The question as it was before; null if it is gone.
   */
  settleRoom(tx: Tx, questionId: string, outcome: RoomOutcome): Promise<QuestionRecord | null>;
  /** The recording a `processing` question waited for will not come: it waits for an uploaded answer. */
  recordingLost(tx: Tx, questionId: string): Promise<void>;
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
