import type { Database } from '../../db/client';
import { type Counters, MemoryCounters } from './counters';
import { type Locks, MemoryLocks } from './locks';
import { PostgresCounters } from './postgres-counters';
import { PostgresLocks } from './postgres-locks';

export type { Counters, WindowCount } from './counters';
export type { LockOptions, Locks, Unlock } from './locks';
export { LockTimeoutError } from './locks';

/**
 * The state instances must agree on (DESIGN §11): in memory on the embedded database, which one process
 * owns (its data-dir lock); in PostgreSQL (DATABASE_URL), where several instances may share the
 * database.
 */
export interface SharedState {
  kind: 'memory' | 'postgres';
  counters: Counters;
  locks: Locks;
  close(): Promise<void>;
}

/** Ended counter windows are deleted this often (each instance sweeps; the delete is idempotent). */
const SWEEP_EVERY_MS = 5 * 60_000;

export function createSharedState(database: Database): SharedState {
  if (database.kind === 'pglite') {
    // Swept on a timer like the table, not only past 10,000 counters: login throttles of addresses
    // never seen again must not stay in memory (issue 12).
    const counters = new MemoryCounters();
    const timer = setInterval(() => counters.sweep(Date.now()), SWEEP_EVERY_MS);
    timer.unref();
    return {
      kind: 'memory',
      counters,
      locks: new MemoryLocks(),
      close: async () => clearInterval(timer),
    };
  }
  const counters = new PostgresCounters(database.db);
  const locks = new PostgresLocks(database.url);
  const timer = setInterval(() => void counters.sweep(Date.now()).catch(() => undefined), SWEEP_EVERY_MS);
  timer.unref();
  return {
    kind: 'postgres',
    counters,
    locks,
    close: async () => {
      clearInterval(timer);
      await locks.close();
    },
  };
}
