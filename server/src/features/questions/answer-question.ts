import type { AppDeps } from '../../app-deps';
import type { Tx } from '../../db/client';
import { queueAutomaticCaptions } from '../captions/public';
import { withdrawBorrowedAnswer } from './answer-links';
import { emitQuestionEvent } from './question-events';
import { mailQuestionAnswered } from './questions.mail';
import { type QuestionRecord, updateQuestion } from './questions.repository';

/**
 * Inside the caller's transaction: `responseId` becomes the question's response (any answer being
 * processed is dropped by the caller first), watchers hear of it and the asker's mail is queued. An answer
 * reused from another question (answer-reuse.service.ts) is answered this way, exactly as any answer, and
 * so is a text-only answer (answer-text.service.ts), which has nothing to caption.
 */
export async function markAnswered(
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
}

/** A new answer becomes the question's response (markAnswered), and its automatic captions are queued. */
export async function makeResponseCurrent(
  deps: AppDeps,
  tx: Tx,
  question: QuestionRecord,
  responseId: string,
  at: Date,
): Promise<void> {
  await markAnswered(deps, tx, question, responseId, at);
  await queueAutomaticCaptions(deps, tx, 'response', responseId);
}

/**
 * Inside the caller's transaction: the question loses its answer and waits again; questions that borrowed
 * that answer wait too (answer-links.ts), and every watcher drops its card. The caller deletes the answer
 * (withResponseCleanup).
 */
export async function returnToWaiting(deps: AppDeps, tx: Tx, question: QuestionRecord): Promise<void> {
  await withdrawBorrowedAnswer(deps, tx, question);
  await updateQuestion(tx, question.id, { responseId: null, answeredAt: null, status: null });
  await emitQuestionEvent(tx, 'question.edited', question, { public: true });
}
