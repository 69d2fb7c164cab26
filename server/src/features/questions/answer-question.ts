import type { AppDeps } from '../../app-deps';
import type { Tx } from '../../db/client';
import { queueAutomaticCaptions } from '../captions/public';
import { emitQuestionEvent } from './question-events';
import { mailQuestionAnswered } from './questions.mail';
import { type QuestionRecord, updateQuestion } from './questions.repository';

/**
 * Inside the caller's transaction: `responseId` becomes the question's response (any answer being
 * processed is dropped by the caller first), watchers hear of it, the asker's mail is queued and so are
 * its automatic captions.
 */
export async function makeResponseCurrent(
  deps: AppDeps,
  tx: Tx,
  question: QuestionRecord,
  responseId: string,
  at: Date,
): Promise<void> {
  await updateQuestion(tx, question.id, {
    responseId,
    pendingResponseId: null,
    answeredAt: at,
    status: null,
  });
  await emitQuestionEvent(tx, 'question.answered', question, { public: true, extra: { responseId } });
  await mailQuestionAnswered(deps, tx, question, responseId);
  await queueAutomaticCaptions(deps, tx, 'response', responseId);
}
