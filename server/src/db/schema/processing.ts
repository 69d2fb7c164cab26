import { index, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { followUps } from './follow-ups';
import { lectures } from './lectures';
import { questions, responses } from './questions';
import { videos } from './videos';

/**
 * An upload being converted (issue 9): the original sits in the media store's originals/ under this id
 * until the output is verified. A lecture video waits here, outside the playlist, so no student read path
 * can reach it; it joins the lecture's playlist when ready. A failed one stays (for its instructor to read
 * the reason and delete it) until deleted.
 */
export const mediaProcessing = pgTable(
  'media_processing',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    videoId: uuid('video_id').references(() => videos.id, { onDelete: 'cascade' }),
    lectureId: uuid('lecture_id').references(() => lectures.id, { onDelete: 'cascade' }),
    responseId: uuid('response_id').references(() => responses.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id').references(() => questions.id, { onDelete: 'cascade' }),
    /** A follow-up's answer video (with `response_id`): processed like a question's answer. */
    followUpId: uuid('follow_up_id').references(() => followUps.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('media_processing_lecture_idx').on(t.lectureId)],
);
