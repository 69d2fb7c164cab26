import type { AppDeps } from '../../app-deps';
import type { Tx } from '../../db/client';
import { borrowersOf, deleteAnswerLinks } from './answer-links.repository';
import { emitQuestionEvent } from './question-events';
import { mailAnswerWithdrawn } from './questions.mail';
import { type QuestionRecord, lockQuestion, updateQuestion } from './questions.repository';

/**
 * Inside the transaction that deletes `source`'s answer (Delete Response, or the question itself): the
 * questions that borrowed that answer (answer-reuse.service.ts) wait for a response again, their watchers
 * hear of it and each asker is told. Without this they would keep an answer whose question is gone; the
 * answer then goes with its last user (withResponseCleanup), never leaving a card without a video.
 */
export async function withdrawBorrowedAnswer(deps: AppDeps, tx: Tx, source: QuestionRecord): Promise<void> {
  // Locked first, as a link locks it (answer-reuse.service.ts): a link made meanwhile is seen here, or
  // finds the answer gone.
  const current = await lockQuestion(tx, source.id);
  if (!current?.responseId) return;
  const borrowers = await borrowersOf(tx, current.id, current.responseId);
  await deleteAnswerLinks(
    tx,
    borrowers.map((b) => b.id),
  );
  for (const borrower of borrowers) {
    await updateQuestion(tx, borrower.id, { responseId: null, answeredAt: null, status: null });
    // Public: every watcher had its card, and drops it.
    await emitQuestionEvent(tx, 'question.edited', borrower, { public: true });
    await mailAnswerWithdrawn(deps, tx, borrower);
  }
}
