import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { statementsDuring } from '../../../test/query-log';
import { type TestUser, createUser } from '../../../test/factories';
import { type TestApp, createSiblingApp, createTestApp } from '../../../test/test-app';
import { VERIFICATION_SUBJECT } from './email-verification';

// Every instance keeps the sessions it read (issues 14 and 27), so every test first uses the token on two
// instances sharing the database (which caches it on both), then changes the session through one of them.
// That one sees the change at the very next request; the other once the change's notice has arrived. The
// test clock stands still, so the other instance cannot have learnt it by reading the session again.

describe('a revoked or changed session takes effect at once, on every instance', () => {
  let t: TestApp;
  let sibling: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp();
    sibling = await createSiblingApp(t);
    await sibling.ready();
  });
  afterAll(async () => {
    await sibling.close();
    await t.close();
  });

  const me = (token: string, app: FastifyInstance = t.app) =>
    app.inject({ method: 'GET', url: '/api/login', headers: { authorization: `Bearer ${token}` } });
  /** The answer `app` gives the token once the notice of a change made elsewhere has reached it. */
  const soon = (token: string, app: FastifyInstance, status: number) =>
    vi.waitFor(async () => expect((await me(token, app)).statusCode).toBe(status), { timeout: 10_000 });
  /** Uses the token on both instances, so that each has read (and may keep) its session. */
  async function warm(...tokens: string[]) {
    for (const token of tokens) {
      expect((await me(token)).statusCode).toBe(200);
      expect((await me(token, sibling)).statusCode).toBe(200);
    }
  }
  const login = async (user: TestUser): Promise<string> => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: user.password },
    });
    expect(res.statusCode).toBe(200);
    return res.json<{ token: string }>().token;
  };

  it('logout refuses the token on both instances, and keeps the user’s other session (SESS-2)', async () => {
    const user = await createUser(t.app);
    const other = await login(user);
    await warm(user.token, other);
    const out = await sibling.inject({ method: 'POST', url: '/api/logout', headers: user.auth });
    expect(out.statusCode).toBe(204);
    expect((await me(user.token, sibling)).statusCode).toBe(401);
    await soon(user.token, t.app, 401);
    expect((await me(other)).statusCode).toBe(200);
    expect((await me(other, sibling)).statusCode).toBe(200);
  });

  it('a password change refuses the other sessions on both instances (SESS-3)', async () => {
    const user = await createUser(t.app);
    const other = await login(user);
    await warm(user.token, other);
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/login/updatePassword',
      headers: user.auth,
      payload: {
        userId: user.id,
        email: user.email,
        oldPassword: user.password,
        newPassword: 'a brand new password',
      },
    });
    expect(changed.statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    await soon(other, sibling, 401);
    expect((await me(user.token, sibling)).statusCode).toBe(200);
  });

  it('a password reset refuses every session on both instances (SESS-3)', async () => {
    const user = await createUser(t.app);
    await warm(user.token);
    const forgot = await sibling.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.email },
      remoteAddress: '10.77.0.1',
    });
    expect(forgot.statusCode).toBe(200);
    const mail = await vi.waitFor(() => {
      const found = t.mailer.sent.find((m) => m.to === user.email && m.subject !== VERIFICATION_SUBJECT);
      expect(found).toBeDefined();
      return found!;
    });
    const token = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    const reset = await sibling.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'another fresh password' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await me(user.token, sibling)).statusCode).toBe(401);
    await soon(user.token, t.app, 401);
  });

  it('a newly proven address is the session’s address at the next request', async () => {
    const user = await createUser(t.app);
    await warm(user.token);
    const newEmail = `moved-${user.email}`;
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/login/updatePassword',
      headers: user.auth,
      payload: { userId: user.id, email: newEmail, oldPassword: user.password },
    });
    expect(changed.statusCode).toBe(200);
    await t.settle();
    const link = t.mailer.sent.find((m) => m.to === newEmail && m.subject === VERIFICATION_SUBJECT)!;
    const token = /\/verify-email\/([A-Za-z0-9_-]+)/.exec(link.text)![1]!;
    const verified = await sibling.inject({
      method: 'POST',
      url: '/api/account/verify-email',
      payload: { token },
    });
    expect(verified.statusCode).toBe(200);
    expect((await me(user.token, sibling)).json()).toMatchObject({ email: newEmail });
    await vi.waitFor(async () => expect((await me(user.token)).json()).toMatchObject({ email: newEmail }), {
      timeout: 10_000,
    });
  });

  it('a kept session still expires on time (SESS-4)', async () => {
    const user = await createUser(t.app);
    await warm(user.token);
    t.clock.advance(24 * 3600_000 + 1000);
    expect((await me(user.token)).statusCode).toBe(401);
    expect((await me(user.token, sibling)).statusCode).toBe(401);
  });

  it('moves the last use on once in one to two minutes, whatever the requests (sliding expiry)', async () => {
    const user = await createUser(t.app);
    await warm(user.token);
    t.clock.advance(121_000);
    const writes = async (work: () => Promise<unknown>) =>
      (await statementsDuring(t.db, work)).filter((s) => s.startsWith('update "sessions"'));
    expect(
      await writes(async () => {
        for (let i = 0; i < 5; i++) expect((await me(user.token)).statusCode).toBe(200);
      }),
    ).toHaveLength(1);
    t.clock.advance(30_000);
    expect(await writes(() => me(user.token))).toHaveLength(0);
    // 23 h after that last use the session is still alive, as it slid with it.
    t.clock.advance(23 * 3600_000);
    expect((await me(user.token)).statusCode).toBe(200);
  });
});
