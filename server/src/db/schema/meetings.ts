import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { questions } from './questions';
import { users } from './users';

export const MEETING_PROVIDERS = ['builtin', 'bigbluebutton'] as const;
export const MEETING_PURPOSES = ['discussion', 'recording'] as const;

/**
 * A question's room (issue 10): one row per question, reopened in place when a new room starts after
 * the previous one ended. An ended room lets nobody in; its row keeps what the recording-ready callback
 * needs to find the question again.
 */
export const meetings = pgTable(
  'meetings',
  {
    questionId: uuid('question_id')
      .primaryKey()
      .references(() => questions.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: MEETING_PROVIDERS }).notNull(),
    purpose: text('purpose', { enum: MEETING_PURPOSES }).notNull(),
    status: text('status', { enum: ['open', 'ended'] }).notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    /** The first time an instructor (a course admin) entered: an unattended room goes back to the queue. */
    instructorJoinedAt: timestamp('instructor_joined_at', { withTimezone: true }),
    /** That instructor: the poster of the answer the recording becomes. */
    instructorId: uuid('instructor_id').references(() => users.id, { onDelete: 'set null' }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** BigBlueButton's meetingID (stable per question) and the createTime of the open session. */
    meetingId: text('meeting_id').notNull().unique(),
    createTime: text('create_time'),
    /** sha256 of the per-session token in meta_endCallbackUrl; the token itself is never stored. */
    endTokenHash: text('end_token_hash'),
    /** The recording accepted by the recording-ready callback: a second callback for it is a replay. */
    recordId: text('record_id'),
  },
  (t) => [index('meetings_open_idx').on(t.status, t.purpose)],
);
