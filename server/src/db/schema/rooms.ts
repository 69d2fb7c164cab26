import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { questions } from './questions';
import { users } from './users';

/**
 * Who is in a built-in live room now: one row per browser tab (a peer), shared by every instance so a
 * signal posted to one reaches a peer streaming from another. A peer unheard for a while has left.
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
  },
  (t) => [index('room_peers_question_idx').on(t.questionId)],
);
