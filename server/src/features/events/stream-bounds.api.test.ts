import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { QuestionDto } from '@lectern/shared';
import { call, expectStatus } from '../../../test/calls';
import { eventStreams } from '../../../test/fixture';
import { concurrentCopyOfLA } from '../../../test/concurrent-copy';
import { createUser } from '../../../test/factories';
import { audienceOfLectures, courseAudience } from '../../events/domain-event';
import { emit } from '../../events/outbox';
import { questionsWorldFixture } from '../questions/test/world';
import { REPLAYS_PER_MINUTE, REPLAY_LIMIT } from './replay';
import { DEFAULT_STREAM_LIMITS } from './stream-limits';

// The event stream cannot be turned against the site (issue 20): replays read only what the reader
// may receive and stop at a cap, each reader has a budget of replays, streams are counted per user and
// in all, and an admin of a concurrent copy hears nothing of another course's unanswered questions.

const TOTAL_STREAMS = 14;
const WAIT_MS = 15_000;

describe('GET /api/events under abuse', () => {
  const { t, w } = questionsWorldFixture({ app: { env: { MAX_EVENT_STREAMS: String(TOTAL_STREAMS) } } });
  const streams = eventStreams(t);
  const stream = streams.open;
  const lastId = () => String(t.app.deps.events.lastId());
  const emitted = async (events: Parameters<typeof emit>[1][]) => {
    await t.db.transaction(async (tx) => {
      for (const event of events) await emit(tx, event);
    });
    await t.settle();
  };

  afterEach(async () => {
    streams.closeAll();
    await expect.poll(() => t.app.eventStreams.size, { timeout: WAIT_MS }).toBe(0);
  });

  it("replays to an anonymous follower only its video's answers", async () => {
    const from = lastId();
    const lecture = [w.LA];
    await emitted([
      {
        payload: { type: 'question.asked', videoId: w.VA1.id, questionId: w.qOpen.id, status: null },
        audience: audienceOfLectures('admins', lecture, w.users.studentA.id),
      },
      {
        payload: { type: 'vote.changed', videoId: w.VA1.id, questionId: w.qAnswered.id },
        audience: audienceOfLectures('watchers', lecture),
      },
      {
        payload: {
          type: 'question.answered',
          videoId: w.VA2.id,
          questionId: w.qOpenVA2.id,
          responseId: 'r2',
        },
        audience: audienceOfLectures('watchers', lecture),
      },
      {
        payload: {
          type: 'question.answered',
          videoId: w.VA1.id,
          questionId: w.qAnswered.id,
          responseId: 'r1',
        },
        audience: audienceOfLectures('watchers', lecture),
      },
    ]);
    const follower = await stream(null, { videoId: w.VA1.id, lastEventId: from });
    const answer = await follower.waitFor((e) => e.event === 'question.answered', WAIT_MS);
    expect(answer.data.questionId).toBe(w.qAnswered.id);
    expect(follower.events).toEqual([answer]);

    // The admin's replay of the same rows holds the question and the vote, not the other video's answer.
    const admin = await stream(w.users.adminA, { lastEventId: from });
    await admin.waitFor((e) => e.event === 'question.answered' && e.data.videoId === w.VA1.id, WAIT_MS);
    expect(admin.events.map((e) => e.event)).toEqual([
      'question.asked',
      'vote.changed',
      'question.answered',
      'question.answered',
    ]);
  });

  it('answers a backlog longer than the replay cap with resync, reading none of it', async () => {
    const from = lastId();
    await t.db.execute(sql`insert into events (type, payload, audience)
      select 'course.changed', ${JSON.stringify({ type: 'course.changed', courseId: w.A.id })}::jsonb,
        ${JSON.stringify(courseAudience(w.A.id))}::jsonb
      from generate_series(1, ${REPLAY_LIMIT + 1})`);
    await t.settle();
    const student = await stream(w.users.studentA, { lastEventId: from });
    await student.waitFor((e) => e.event === 'resync', WAIT_MS);
    // Readers who may receive none of them replay the same range without a resync.
    const outsider = await stream(w.users.outsider, { lastEventId: from });
    await emitted([
      { payload: { type: 'course.changed', courseId: w.B.id }, audience: courseAudience(w.B.id) },
    ]);
    const studentB = await stream(w.users.studentB, { lastEventId: from });
    await studentB.waitFor((e) => e.event === 'course.changed', WAIT_MS);
    expect(studentB.events.map((e) => e.event)).toEqual(['course.changed']);
    expect(student.events.map((e) => e.event)).toEqual(['resync']);
    expect(outsider.events).toEqual([]);
  });

  it('gives each user a budget of replays a minute, then resync instead', async () => {
    const guest = await createUser(t.app, { name: 'Rita Replayer' });
    for (let i = 0; i < REPLAYS_PER_MINUTE.user; i++) {
      const client = await stream(guest, { lastEventId: lastId() });
      expect(client.status).toBe(200);
      client.close();
    }
    const over = await stream(guest, { lastEventId: lastId() });
    await over.waitFor((e) => e.event === 'resync', WAIT_MS);
  });

  it('limits the streams of one user, then of the whole instance with 503 and Retry-After', async () => {
    for (let i = 0; i < DEFAULT_STREAM_LIMITS.perUser; i++)
      expect((await stream(w.users.adminA)).status).toBe(200);
    const refused = await fetch(`${streams.base}/api/events`, { headers: w.users.adminA.auth });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);

    while (t.app.eventStreams.size < TOTAL_STREAMS)
      expect((await stream(null, { videoId: w.VA1.id })).status).toBe(200);
    const full = await fetch(`${streams.base}/api/events`, { headers: w.users.studentA.auth });
    expect(full.status).toBe(503);
    expect(await full.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(Number(full.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it("sends an admin of a concurrent copy nothing of the other course's unanswered questions", async () => {
    const { adminT } = await concurrentCopyOfLA(t, w);

    const admin = await stream(w.users.adminA);
    const copyAdmin = await stream(adminT);
    const asked = await call(t, 'POST', '/api/questions', {
      as: w.users.studentA,
      payload: { question: 'Does the copy hear of this?', videoId: w.VA1.id, time: 3, lectureId: w.LA.id },
    });
    expectStatus(asked, 201);
    const q = asked.json<QuestionDto>();
    await admin.waitFor((e) => e.event === 'question.asked' && e.data.questionId === q.id, WAIT_MS);
    await t.settle();
    expect(copyAdmin.events).toEqual([]);
  });
});
