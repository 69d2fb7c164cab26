import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Fixed-window counters shared by every instance on one PostgreSQL database (DESIGN §11): rate limits,
 * login lockouts, the join and reset throttles, recent votes. A row is dead once `expires_at` passed; the
 * next hit starts a new window and a periodic sweep deletes the rest. Unused on PGlite, where one process
 * owns the database and keeps its counters in memory.
 */
export const counters = pgTable(
  'counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('counters_expires_idx').on(t.expiresAt)],
);
