import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from '../src/db/client';

interface QueryLogger {
  logQuery(query: string, params: unknown[]): void;
}

/** The statements list of the `statementsDuring` whose work is running, in that work's async context. */
const during = new AsyncLocalStorage<string[]>();

/**
 * The SQL statements `work` sends outside transactions, read through Drizzle's query logger (both
 * drivers call it before every statement). For tests that prove a path reads nothing. With
 * `inTransactions`, those of the transactions begun meanwhile too (each takes the logger of the options
 * its session was made with). Only the work's own statements count, not those the app's timers send
 * meanwhile on the same database (the job queue's poll, the event bus's backstop, a recurring job): on a
 * busy machine a request is slow enough for one of them to fall within it.
 */
export async function statementsDuring(
  db: Db,
  work: () => Promise<unknown>,
  { inTransactions = false } = {},
): Promise<string[]> {
  const session = (db as unknown as { session: { logger: QueryLogger; options: { logger?: QueryLogger } } })
    .session;
  const original = { logger: session.logger, options: session.options.logger };
  const seen: string[] = [];
  const logger = {
    logQuery(query: string) {
      if (during.getStore() === seen) seen.push(query);
    },
  };
  session.logger = logger;
  if (inTransactions) session.options.logger = logger;
  try {
    await during.run(seen, work);
  } finally {
    session.logger = original.logger;
    session.options.logger = original.options;
  }
  return seen;
}
