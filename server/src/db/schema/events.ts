import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The outbox (DESIGN §11): each row is written in the transaction of the change it describes, so an
 * event exists if and only if its change committed. Ids grow in the order events are written, not in
 * commit order: readers hold back what follows a missing id until it can no longer appear
 * (events/commit-order.ts), so a reader that dispatched id n has seen everything before it.
 */
export const events = pgTable(
  'events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: text('type').notNull(),
    /** What the browser receives (StreamEvent without its id). */
    payload: jsonb('payload').notNull(),
    /** Who may receive it (events/audience.ts); never sent. */
    audience: jsonb('audience').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('events_created_idx').on(t.createdAt)],
);

/**
 * Durable background work (DESIGN §11): claimed with FOR UPDATE SKIP LOCKED, so each job runs once
 * across instances; a claim is a lease that a crashed worker stops renewing, so the work is picked up
 * again after kill -9. Claims take turns between fair keys (jobs.repository.ts, claimJob).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    /** Whose work it is: the uploader for a conversion, else the kind. Keys take turns at being claimed. */
    fairKey: text('fair_key').notNull(),
    state: text('state', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    /** While running: the claim expires then unless the worker renews it. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** When its latest run started. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_due_idx').on(t.state, t.runAt),
    index('jobs_fair_key_claimed_idx').on(t.fairKey, t.claimedAt),
    index('jobs_running_fair_key_idx')
      .on(t.fairKey)
      .where(sql`${t.state} = 'running'`),
  ],
);
