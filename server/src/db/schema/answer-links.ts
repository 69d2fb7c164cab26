import { index, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { questions, responses } from './questions';
import { users } from './users';

/**
 * An existing answer reused for another question (issue 24, "The instructor reuses answers"): the question
 * points at the same `responses` row as its source, and this row remembers where that answer came from, so
 * that when the source's answer is deleted the questions that borrowed it go back to waiting
 * (features/questions/answer-links.ts). A table of its own: `responses` and `questions` only gain readers.
 */
export const answerLinks = pgTable(
  'answer_links',
  {
    /** The question answered by the link; one link per question. */
    questionId: uuid('question_id')
      .primaryKey()
      .references(() => questions.id, { onDelete: 'cascade' }),
    responseId: uuid('response_id')
      .notNull()
      .references(() => responses.id, { onDelete: 'cascade' }),
    /** The question the answer was recorded for; null once that question is gone. */
    sourceQuestionId: uuid('source_question_id').references(() => questions.id, { onDelete: 'set null' }),
    linkedBy: uuid('linked_by').references(() => users.id, { onDelete: 'set null' }),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('answer_links_source_idx').on(t.sourceQuestionId, t.responseId)],
);
