import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { questions } from './questions';
import { users } from './users';

/**
 * Who is in a built-in live room now: one row per browser tab (a peer), shared by every instance so a
 * signal posted to one reaches a peer streaming from another. A peer unheard for a while has left.
 * A peer that left keeps its row with `left_at` (until the user joins again or the room ends), so the
 * instructor's lists can say how long ago the student left (issue 21).
 */
export const roomPeers = pgTable(
  'room_peers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fullName: text('full_name').notNull(),
    role: text('role', { enum: ['student', 'instructor'] }).notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    leftAt: timestamp('left_at', { withTimezone: true }),
  },
  (t) => [index('room_peers_question_idx').on(t.questionId)],
);
