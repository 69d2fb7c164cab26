import type { Db } from '../src/db/client';

interface QueryLogger {
  logQuery(query: string, params: unknown[]): void;
}

/**
 * The SQL statements `work` sends outside transactions, read through Drizzle's query logger (both
 * drivers call it before every statement). For tests that prove a path reads nothing.
 */
export async function statementsDuring(db: Db, work: () => Promise<unknown>): Promise<string[]> {
  const session = (db as unknown as { session: { logger: QueryLogger } }).session;
  const original = session.logger;
  const seen: string[] = [];
  session.logger = { logQuery: (query) => seen.push(query) };
  try {
    await work();
  } finally {
    session.logger = original;
  }
  return seen;
}
