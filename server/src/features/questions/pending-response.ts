import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/client';
import { mediaProcessing, questions, responses } from '../../db/schema';
import { type ProcessingTarget, forgetProcessing, queueProcessing } from '../media/public';
import { emitQuestionEvent } from './question-events';
import { makeResponseCurrent } from './answer-question';
import { mailAnswerFailed } from './questions.mail';
import { type QuestionRecord, insertResponse, lockQuestion, updateQuestion } from './questions.repository';
import type { QuestionsService } from './questions.service';

// An answer video that needs processing (issue 9). While it is converted the question has the spec's
// `processing` status ("Processing video response....") and the new answer is no question's response, so
// no student sees it; the question's previous answer, if any, stays until the new one is ready. Answering
// again while processing overwrites the answer being processed (SPEC §2 Home). Ready: it becomes the
// question's response and the asker is mailed; failed: the question needs a response again.

/**
 * The processing entry of answer `responseId`, if it is being processed: deleting the answer deletes the
 * entry (cascade), and after commit `forgetPending` stops its conversion and removes its original.
 */
export async function processingOf(tx: DbOrTx, responseId: string): Promise<string | null> {
  const [entry] = await tx
    .select({ id: mediaProcessing.id })
    .from(mediaProcessing)
    .where(eq(mediaProcessing.responseId, responseId));
  return entry?.id ?? null;
}

/** Drops the answer being processed for `question` (inside `tx`); returns its processing id, if any. */
export async function dropPending(tx: DbOrTx, question: QuestionRecord): Promise<string | null> {
  if (!question.pendingResponseId) return null;
  const entry = await processingOf(tx, question.pendingResponseId);
  // Its processing entry goes with it (cascade): a running conversion then finds nothing to finish.
  await tx
    .delete(responses)
    .where(and(eq(responses.id, question.pendingResponseId), eq(responses.status, 'processing')));
  return entry;
}

/** After commit: stops the dropped answer's conversion and removes its original. */
export async function forgetPending(deps: AppDeps, processingId: string | null): Promise<void> {
  if (!processingId) return;
  await forgetProcessing(deps, processingId);
}

/** Records an answer set aside for processing and starts its conversion; returns the response id. */
export async function answerPending(
  deps: AppDeps,
  questionsService: QuestionsService,
  question: QuestionRecord,
  values: { title: string; posterId: string | null; createdAt: Date },
  processingId: string,
): Promise<string> {
  const { responseId, dropped } = await questionsService.withResponseCleanup(async (tx) => {
    const current = (await lockQuestion(tx, question.id)) ?? question;
    const droppedId = await dropPending(tx, current);
    const response = await insertResponse(tx, { ...values, mediaSha256: null, status: 'processing' });
    const owner = { responseId: response.id, questionId: question.id };
    await queueProcessing(deps, tx, processingId, owner, values.posterId);
    await updateQuestion(tx, question.id, { pendingResponseId: response.id, status: 'processing' });
    await emitQuestionEvent(tx, 'question.status', current, {
      public: false,
      extra: { status: 'processing' },
    });
    return { result: { responseId: response.id, dropped: droppedId }, replaced: null };
  });
  await forgetPending(deps, dropped);
  return responseId;
}

export function responseTarget(questionsService: QuestionsService): ProcessingTarget {
  return {
    async finish(deps, entry, media, claim) {
      return questionsService.withResponseCleanup(async (tx) => {
        if (!(await claim(tx)) || !entry.responseId || !entry.questionId)
          return { result: false, replaced: null };
        const question = await lockQuestion(tx, entry.questionId);
        if (!question || question.pendingResponseId !== entry.responseId)
          return { result: false, replaced: null };
        await tx
          .update(responses)
          .set({ mediaSha256: media.sha256, status: 'ready' })
          .where(eq(responses.id, entry.responseId));
        await makeResponseCurrent(deps, tx, question, entry.responseId, deps.clock());
        return { result: true, replaced: question.responseId };
      });
    },
    // The question needs a response again, and the instructor who uploaded the answer is mailed the reason
    // (docs/decisions.md).
    async fail(deps, entry, reason) {
      if (!entry.responseId) return;
      await questionsService.withResponseCleanup(async (tx) => {
        const [question] = await tx
          .update(questions)
          .set({ pendingResponseId: null, status: null })
          .where(eq(questions.pendingResponseId, entry.responseId!))
          .returning();
        const [dropped] = await tx
          .delete(responses)
          .where(eq(responses.id, entry.responseId!))
          .returning({ uploaderId: responses.posterId });
        if (question) {
          await emitQuestionEvent(tx, 'question.status', question, {
            public: false,
            extra: { status: null },
          });
          if (dropped?.uploaderId) await mailAnswerFailed(deps, tx, question, dropped.uploaderId, reason);
        }
        return { result: null, replaced: null };
      });
    },
  };
}
