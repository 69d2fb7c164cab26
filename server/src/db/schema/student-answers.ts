import { index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { questions, responses } from './questions';
import { users } from './users';

/**
 * A student's answer in words to a classmate's question, in a course that allows them (issue 24;
 * `courses.students_answer`). One per student per question. An instructor may endorse it: the question
 * is then answered by a response made from its text (`response_id`), unless it already had an answer.
 * Text is stored as its Markdown and the HTML rendered and sanitised from it, as a text answer is.
 */
export const studentAnswers = pgTable(
  'student_answers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    textHtml: text('text_html').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    endorsedAt: timestamp('endorsed_at', { withTimezone: true }),
    endorsedBy: uuid('endorsed_by').references(() => users.id, { onDelete: 'set null' }),
    /** The question's answer made from this one when it was endorsed; null once that answer is gone. */
    responseId: uuid('response_id').references(() => responses.id, { onDelete: 'set null' }),
    /** Hidden by the course's admins (issue 24, flags): listed for its author and those admins only. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
  },
  (t) => [
    unique('student_answers_one_per_author').on(t.questionId, t.authorId),
    index('student_answers_response_idx').on(t.responseId),
  ],
);
