import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestUser, createUser } from './factories';
import { createSiblingApp } from './test-app';
import { worldFixture } from './fixture';
import { seedMedia, seedQuestion, seedResponse } from './seed';

// Two instances of the app on one PostgreSQL database (DESIGN §11): every limit, lockout and throttle
// counts the requests of both, as it would count one instance's. PostgreSQL only: the embedded database
// belongs to one process, whose counters live in its memory.

describe('limits shared by two instances on one database', () => {
  const { t, w } = worldFixture();
  let sibling: FastifyInstance;
  beforeAll(async () => {
    sibling = await createSiblingApp(t);
    await sibling.ready();
  });
  afterAll(() => sibling.close());

  /** Instance A for even i, B for odd i. */
  const on = (i: number) => (i % 2 === 0 ? t.app : sibling);
  const post = (i: number, url: string, payload: object, extra: { as?: TestUser; ip?: string } = {}) =>
    on(i).inject({
      method: 'POST',
      url,
      payload,
      headers: extra.as?.auth ?? {},
      ...(extra.ip ? { remoteAddress: extra.ip } : {}),
    });

  it('ten failed logins spread over both lock the account and IP on both (SECURITY RL-1)', async () => {
    const user = await createUser(t.app);
    const ip = '10.9.0.1';
    for (let i = 0; i < 10; i++) {
      const res = await post(i, '/api/login', { email: user.email, password: `wrong ${i}` }, { ip });
      expect(res.statusCode).toBe(401);
    }
    for (const i of [0, 1]) {
      const res = await post(i, '/api/login', { email: user.email, password: user.password }, { ip });
      expect(res.statusCode).toBe(429);
    }
  });

  it('ten unknown join codes spread over both stop joins on both (SECURITY AC-11)', async () => {
    const guesser = await createUser(t.app);
    for (let i = 0; i < 10; i++) {
      const res = await post(i, '/api/courses/join', { courseId: randomUUID() }, { as: guesser });
      expect(res.statusCode).toBe(404);
    }
    for (const i of [0, 1]) {
      const res = await post(i, '/api/courses/join', { courseId: w.A.id }, { as: guesser });
      expect(res.statusCode).toBe(429);
    }
  });

  it('three reset requests for one address from one IP, over both, refuse the fourth (RESET-4)', async () => {
    // Per (address, IP) since issue 12: other addresses cannot use up the owner's quota.
    const email = `${randomUUID()}@test.lectern`;
    for (let i = 0; i < 3; i++) {
      const res = await post(i, '/api/auth/forgot-password', { email }, { ip: '10.9.1.1' });
      expect(res.statusCode).toBe(200);
    }
    const refused = await post(1, '/api/auth/forgot-password', { email }, { ip: '10.9.1.1' });
    expect(refused.statusCode).toBe(429);
    const elsewhere = await post(0, '/api/auth/forgot-password', { email }, { ip: '10.9.1.9' });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('the per-route rate limit counts one IP on both instances (3 reset requests in 5 minutes)', async () => {
    const ip = '10.9.2.1';
    for (let i = 0; i < 3; i++) {
      const res = await post(i, '/api/auth/forgot-password', { email: `${randomUUID()}@x.test` }, { ip });
      expect(res.statusCode).toBe(200);
    }
    const refused = await post(3, '/api/auth/forgot-password', { email: `${randomUUID()}@x.test` }, { ip });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('the same vote sent to both instances at once counts once (SECURITY AC-12)', async () => {
    const { studentA, adminA } = w.users;
    const media = await seedMedia(t.db, t.media, 'answer-4s.mp4', 4);
    const question = await seedQuestion(t.db, w.VA1.id, studentA.id, { lectureId: w.LA.id });
    await seedResponse(t.db, question.id, media, adminA.id, t.clock.now());
    const vote = (i: number) =>
      on(i).inject({
        method: 'PUT',
        url: `/api/questions/ratings/${question.id}`,
        headers: studentA.auth,
        payload: { voteOptions: 'UP' },
      });
    const answers = [await vote(0), await vote(1)];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    // Toggled off by the second request if each instance remembered only its own clicks.
    expect(answers[1]!.json()).toMatchObject({ ratings: 1, userVotes: { [studentA.id]: 'UP' } });
    t.clock.advance(5000); // a real second click, later, does toggle
    expect((await vote(1)).json()).toMatchObject({ ratings: 0 });
  });
});
