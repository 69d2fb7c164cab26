import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { questions, responses } from './questions';
import { users } from './users';

/**
 * A follow-up under an answered question (issue 24): one level only, so a follow-up has no replies of its
 * own but the instructor's answer in words, kept on the row. Text and answer are stored as their Markdown
 * and the HTML rendered and sanitised from it, as a text answer is (features/questions/answer-text).
 */
export const followUps = pgTable(
  'follow_ups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    textHtml: text('text_html').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    answer: text('answer'),
    answerHtml: text('answer_html'),
    answererId: uuid('answerer_id').references(() => users.id, { onDelete: 'set null' }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** Hidden by an admin of the question's course (issue 24, flags): its author and those admins still see it. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    /**
     * The instructor's answer by video (issue 24): an answer video as a question's is (a `responses` row,
     * processed, captioned), belonging to this follow-up alone; deleted with it.
     */
    answerResponseId: uuid('answer_response_id').references(() => responses.id, { onDelete: 'set null' }),
  },
  (t) => [index('follow_ups_question_idx').on(t.questionId, t.createdAt)],
);
