import type { AnswerTextBody, QuestionDto } from '@lectern/shared';
import type { AppDeps } from '../../../app-deps';
import { conflict } from '../../../lib/errors';
import type { AuthUser } from '../../../plugins/auth';
import { markAnswered } from '../answer-question';
import { requireQuestionAdmin } from '../question-access';
import { emitQuestionEvent } from '../question-events';
import { insertResponse, lockQuestion } from '../questions.repository';
import type { QuestionsService } from '../questions.service';
import { findResponse, questionsAnsweredBy, writeResponseText } from './answer-text.repository';
import { renderAnswerText } from './render';

export type AnswerTextService = ReturnType<typeof createAnswerTextService>;

/**
 * Answers in words (issue 24). The course's admins write a question's answer as text: an unanswered
 * question gets a text-only answer (answered, its asker told, like a video); an answered one gets the
 * text added to its answer, or its text edited (the card then says when). A video still being processed
 * is waited for: its arrival would replace the answer and drop the text (409).
 */
export function createAnswerTextService(deps: AppDeps, questions: QuestionsService) {
  const { db, clock } = deps;

  return {
    async write(caller: AuthUser, questionId: string, body: AnswerTextBody): Promise<QuestionDto> {
      await requireQuestionAdmin(db, caller, questionId, clock());
      // Rendered before the transaction: a 400 costs no lock, and rendering holds none.
      const textHtml = renderAnswerText(body.text);
      await questions.withResponseCleanup(async (tx) => {
        const question = await lockQuestion(tx, questionId);
        if (!question) return { result: null, replaced: null };
        if (question.status === 'processing')
          throw conflict('A video answer is being processed; add the text once it is ready');
        const now = clock();
        const current = question.responseId ? await findResponse(tx, question.responseId) : null;
        if (!current) {
          const response = await insertResponse(tx, {
            title: `Response: ${question.question}`.slice(0, 200),
            posterId: caller.id,
            text: body.text,
            textHtml,
            createdAt: now,
          });
          await markAnswered(deps, tx, question, response.id, now);
          return { result: null, replaced: null };
        }
        const editedAt = current.text === null ? null : now;
        await writeResponseText(tx, current.id, { text: body.text, textHtml, textEditedAt: editedAt });
        // Every question this answer answers (a duplicated lecture's copies share it) shows the new text.
        for (const answered of await questionsAnsweredBy(tx, current.id))
          await emitQuestionEvent(tx, 'question.edited', answered, { public: true });
        return { result: null, replaced: null };
      });
      return questions.dto(caller, questionId);
    },
  };
}
