import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lectureVideos, lectures, questions } from '../../db/schema';
import { call } from '../../../test/calls';
import { seedCourse, seedQuestion } from '../../../test/seed';
import { worldFixture } from '../../../test/fixture';

// SECURITY FI-6: the database connection of a duplicate is killed in the middle of its transaction. The
// client gets a generic error, the copy is all there or not at all, and the retry with the same
// Idempotency-Key makes it once. PostgreSQL only: the embedded database has no connection to kill.

describe('a duplicate whose database connection dies mid-transaction (SECURITY FI-6)', () => {
  const { t, w } = worldFixture();
  let target: { id: string };
  let locker: pg.Client;

  beforeAll(async () => {
    target = await seedCourse(t.db, w.users.adminA.id, { name: 'Course T' });
    await seedQuestion(t.db, w.VA1.id, w.users.studentA.id, { lectureId: w.LA.id });
    if (t.database.kind !== 'postgres') throw new Error('PostgreSQL only');
    locker = new pg.Client({ connectionString: t.database.url });
    await locker.connect();
  });
  afterAll(async () => {
    await locker?.end();
  });

  const lecturesInTarget = async () =>
    t.db.select({ id: lectures.id }).from(lectures).where(eq(lectures.courseId, target.id));

  it('answers a generic error, leaves no half copy, and the retry with its key copies once', async () => {
    const chosen = await t.db
      .select({ id: questions.id })
      .from(questions)
      .where(eq(questions.lectureId, w.LA.id));
    const key = randomUUID();
    const duplicate = () =>
      call(t, 'POST', '/api/lectures/duplicate', {
        as: w.users.adminA,
        headers: { 'idempotency-key': key },
        payload: {
          courseID: target.id,
          lectureID: w.LA.id,
          lectureDate: '2031-01-10T09:00:00.000Z',
          lectureDateAvailable: '2031-01-10T08:30:00.000Z',
          lectureDateStart: '2031-01-10T09:00:00.000Z',
          lectureDateEnd: '2031-01-10T10:15:00.000Z',
          questions: chosen.map((q) => q.id),
          mode: 'duplicate',
        },
      });

    await locker.query('begin');
    await locker.query('lock table questions in access exclusive mode');
    const interrupted = Promise.resolve(duplicate()); // inject() sends once something awaits it
    // The app's backend, stuck on the lock inside its transaction.
    let blocked: number | undefined;
    for (let i = 0; i < 200 && blocked === undefined; i += 1) {
      const { rows } = await locker.query<{ pid: number }>(
        `select pid from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
      );
      blocked = rows[0]?.pid;
      if (blocked === undefined) await new Promise((r) => setTimeout(r, 50));
    }
    expect(blocked).toBeDefined();
    await locker.query('select pg_terminate_backend($1)', [blocked]);
    await locker.query('rollback');

    const failed = await interrupted;
    expect([500, 503]).toContain(failed.statusCode);
    expect(failed.json()).toEqual({
      error: 'Something went wrong on our side. Please try again.',
      code: 'INTERNAL',
      requestId: expect.any(String),
    });
    expect(failed.body).not.toMatch(/questions|lock|terminat|sql|postgres/i);
    expect(await lecturesInTarget()).toEqual([]);

    const retried = await duplicate();
    expect(retried.statusCode, retried.body).toBe(201);
    const again = await duplicate();
    expect(again.json()).toEqual(retried.json());
    const copies = await lecturesInTarget();
    expect(copies.map((l) => l.id)).toEqual([retried.json<{ id: string }>().id]);
    // Complete: the playlist and the chosen questions came with it.
    const copyId = copies[0]!.id;
    const playlist = await t.db.select().from(lectureVideos).where(eq(lectureVideos.lectureId, copyId));
    expect(playlist.length).toBeGreaterThan(0);
    const copied = await t.db.execute(
      sql`select count(*)::int as n from questions where lecture_id = ${copyId}`,
    );
    expect((copied as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(chosen.length);
  });
});
