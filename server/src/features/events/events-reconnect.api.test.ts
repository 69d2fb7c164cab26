import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { QuestionDto } from '@lectern/shared';
import { call, expectStatus } from '../../../test/calls';
import { eventStreams } from '../../../test/fixture';
import { questionsWorldFixture } from '../questions/test/world';

// PostgreSQL only: the LISTEN connection is cut (as by a server restart) and comes back, and the
// events committed meanwhile still reach the open streams (issue #8, SECURITY FI-5).

describe('events across a lost LISTEN connection', () => {
  const { t, w } = questionsWorldFixture();
  const streams = eventStreams(t);

  const listenersOfThisDatabase = sql`from pg_stat_activity where application_name = 'lectern-listen' and datname = current_database()`;
  const listeners = async () =>
    (
      (await t.db.execute(sql`select pid ${listenersOfThisDatabase}`)) as unknown as {
        rows: { pid: number }[];
      }
    ).rows;

  it('reconnects and catches up with what committed while it was away', async () => {
    const admin = await streams.open(w.users.adminA);
    const before = await listeners();
    expect(before.length).toBeGreaterThan(0);
    await t.db.execute(sql`select pg_terminate_backend(pid) ${listenersOfThisDatabase}`);
    const res = await call(t, 'POST', '/api/questions', {
      as: w.users.studentA,
      payload: {
        question: 'Asked while the listener was down',
        videoId: w.VA1.id,
        time: 5,
        lectureId: w.LA.id,
      },
    });
    expectStatus(res, 201);
    const q = res.json<QuestionDto>();
    await admin.waitFor((e) => e.data.questionId === q.id, 60_000);
    // The bus's listener delivered the event; the job queue's reconnects on its own schedule.
    await expect.poll(async () => (await listeners()).length).toBe(before.length);
    const after = await listeners();
    expect(after.map((r) => r.pid)).not.toEqual(before.map((r) => r.pid));
  });
});
