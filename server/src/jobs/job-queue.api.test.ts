import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type TestDatabase, openTestDatabase } from '../../test/test-databases';
import { jobs } from '../db/schema';
import { type JobQueue, PermanentJobError, createJobQueue } from './job-queue';

// The job table on a real database (PGlite and PostgreSQL): retries, final failure, and each job run
// once however many workers claim side by side (DESIGN §11).

describe('job queue', () => {
  let testDb: TestDatabase;
  const queues: JobQueue[] = [];
  const queue = () => {
    const q = createJobQueue({
      db: testDb.database.db,
      listen: testDb.database.listen,
      log: pino({ level: 'silent' }),
      exclusive: false,
    });
    queues.push(q);
    return q;
  };
  const rowOf = async (id: number) =>
    (await testDb.database.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;

  beforeAll(async () => {
    testDb = await openTestDatabase();
  });
  afterAll(async () => {
    for (const q of queues) await q.stop();
    await testDb.dispose();
  });

  it('runs each job once across two workers claiming side by side', async () => {
    const runs: number[] = [];
    const [a, b] = [queue(), queue()];
    for (const q of [a, b]) {
      q.handle<{ n: number }>(
        'count',
        async ({ payload }) => {
          await new Promise((r) => setTimeout(r, 5));
          runs.push(payload.n);
        },
        { concurrency: 3 },
      );
    }
    for (let n = 0; n < 30; n++) await a.enqueue(testDb.database.db, 'count', { n });
    await Promise.all([a.start(), b.start()]);
    await Promise.all([a.drain(), b.drain()]);
    expect(runs.sort((x, y) => x - y)).toEqual(Array.from({ length: 30 }, (_, n) => n));
  });

  it('retries a failing job with backoff until it succeeds, keeping the last reason', async () => {
    const q = queue();
    const attempts: number[] = [];
    q.handle('flaky', async ({ attempt }) => {
      attempts.push(attempt);
      if (attempt < 3) throw new Error(`try ${attempt} failed`);
    });
    await q.start();
    const id = await q.enqueue(testDb.database.db, 'flaky', {});
    const started = Date.now();
    await q.drain();
    expect(attempts).toEqual([1, 2, 3]);
    // Backoff: at least 0.5 s after the first failure and 1 s after the second.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_500);
    expect(await rowOf(id)).toMatchObject({ state: 'done', attempts: 3, lastError: 'try 2 failed' });
  });

  it('fails a job for good after its last attempt, or at once on a permanent error', async () => {
    const q = queue();
    q.handle('doomed', async () => {
      throw new Error('disk on fire');
    });
    q.handle('refused', async () => {
      throw new PermanentJobError('mailbox unavailable');
    });
    await q.start();
    const doomed = await q.enqueue(testDb.database.db, 'doomed', {}, { maxAttempts: 2 });
    const refused = await q.enqueue(testDb.database.db, 'refused', {});
    await q.drain();
    expect(await rowOf(doomed)).toMatchObject({ state: 'failed', attempts: 2, lastError: 'disk on fire' });
    expect(await rowOf(refused)).toMatchObject({
      state: 'failed',
      attempts: 1,
      lastError: 'mailbox unavailable',
    });
  });

  it('does not run a job whose transaction rolled back', async () => {
    const q = queue();
    const ran: string[] = [];
    q.handle<{ tag: string }>('tagged', async ({ payload }) => {
      ran.push(payload.tag);
    });
    await q.start();
    await expect(
      testDb.database.db.transaction(async (tx) => {
        await q.enqueue(tx, 'tagged', { tag: 'rolled back' });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    await testDb.database.db.transaction((tx) => q.enqueue(tx, 'tagged', { tag: 'committed' }));
    await q.drain();
    expect(ran).toEqual(['committed']);
  });

  it("takes turns between fair keys: a key's one job runs before another key's later ones", async () => {
    const q = queue();
    const order: string[] = [];
    q.handle<{ tag: string }>('turns', async ({ payload }) => {
      order.push(payload.tag);
    });
    for (const tag of ['a1', 'a2', 'a3'])
      await q.enqueue(testDb.database.db, 'turns', { tag }, { fairKey: 'a' });
    await q.enqueue(testDb.database.db, 'turns', { tag: 'b1' }, { fairKey: 'b' });
    await q.enqueue(testDb.database.db, 'turns', { tag: 'c1' }, { fairKey: 'c' });
    await q.enqueue(testDb.database.db, 'turns', { tag: 'b2' }, { fairKey: 'b' });
    await q.start();
    await q.drain();
    // Oldest first among keys never claimed, then the key claimed longest ago.
    expect(order).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'a3']);
  });

  it('runs a recurring job once at start across instances, and queues its next run', async () => {
    const runs: string[] = [];
    const [a, b] = [queue(), queue()];
    a.every('sweep', 3600_000, async () => {
      runs.push('a');
    });
    b.every('sweep', 3600_000, async () => {
      runs.push('b');
    });
    await Promise.all([a.start(), b.start()]);
    await vi.waitFor(() => expect(runs).toHaveLength(1));
    await vi.waitFor(async () => {
      const rows = await testDb.database.db.select().from(jobs).where(eq(jobs.kind, 'sweep'));
      expect(rows.map((r) => r.state).sort()).toEqual(['done', 'queued']);
      const next = rows.find((r) => r.state === 'queued')!;
      expect(next.runAt.getTime()).toBeGreaterThan(Date.now() + 3500_000);
    });
    expect(runs).toHaveLength(1);
  });
});
