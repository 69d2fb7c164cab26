import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestDatabase, openTestDatabase } from '../../../test/test-databases';
import { LockTimeoutError } from './locks';
import { PostgresCounters } from './postgres-counters';
import { PostgresLocks } from './postgres-locks';

// The PostgreSQL side of the shared state, as two instances see it: each has its own PostgresLocks (its
// own connection), and all share the counters table. PostgreSQL only (vitest.config.ts).

describe('shared state on PostgreSQL', () => {
  let testDb: TestDatabase;
  let url: string;
  beforeAll(async () => {
    testDb = await openTestDatabase();
    if (testDb.database.kind !== 'postgres') throw new Error('PostgreSQL only');
    url = testDb.database.url;
  });
  afterAll(() => testDb.dispose());

  it('counts concurrent hits exactly, starts a new window when one ended, and sweeps ended ones', async () => {
    const counters = new PostgresCounters(testDb.database.db);
    const now = Date.now();
    const hits = await Promise.all(Array.from({ length: 40 }, () => counters.hit('c', 1000, now)));
    expect(hits.map((h) => h.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
    expect(await counters.peek('c', now + 999)).toEqual({ count: 40, resetAt: now + 1000 });
    expect(await counters.peek('c', now + 1000)).toBeNull();
    expect(await counters.hit('c', 1000, now + 1500)).toEqual({ count: 1, resetAt: now + 2500 });
    await counters.hit('old', 10, now);
    expect(await counters.sweep(now + 100)).toBe(1);
    expect(await counters.peek('c', now + 1600)).toMatchObject({ count: 1 });
  });

  it('keeps a lock from another instance until released, asking its holder to let go', async () => {
    const a = new PostgresLocks(url);
    const b = new PostgresLocks(url);
    try {
      let asked = 0;
      const unlockA = await a.lock('upload-1', { onReleaseRequested: () => (asked += 1) });
      let bHolds = false;
      const bWaits = b.lock('upload-1').then((unlock) => {
        bHolds = true;
        return unlock;
      });
      await expect.poll(() => asked).toBeGreaterThan(0);
      expect(bHolds).toBe(false);
      // Other keys are free meanwhile.
      await (
        await b.lock('upload-2')
      )();
      await unlockA();
      const unlockB = await bWaits;
      await expect(a.lock('upload-1', { timeoutMs: 300 })).rejects.toBeInstanceOf(LockTimeoutError);
      await unlockB();
      await (
        await a.lock('upload-1', { timeoutMs: 300 })
      )();
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('frees the locks of an instance whose connection ended (a crashed process)', async () => {
    const crashed = new PostgresLocks(url);
    const other = new PostgresLocks(url);
    try {
      await crashed.lock('upload-3');
      await crashed.close();
      await (
        await other.lock('upload-3', { timeoutMs: 2000 })
      )();
    } finally {
      await other.close();
    }
  });
});
