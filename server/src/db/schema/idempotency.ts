import { jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The answer of a write sent with an `Idempotency-Key` header, stored in the write's own transaction: a
 * retry with the same key gets the same answer instead of a second copy (SECURITY FI-6), and a write
 * that rolled back left no key, so its retry runs afresh. Kept a day.
 */
export const idempotentWrites = pgTable(
  'idempotent_writes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The route, so one key cannot replay another route's answer. */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    answer: jsonb('answer').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.scope, t.key] })],
);
