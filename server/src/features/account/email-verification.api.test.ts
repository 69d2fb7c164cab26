import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { call, expectStatus } from '../../../test/calls';
import { type TestUser, createUser } from '../../../test/factories';
import { type TestApp, createTestApp } from '../../../test/test-app';
import { VERIFICATION_SUBJECT } from '../auth/email-verification';
import { type QuestionsWorld, buildQuestionsWorld } from '../questions/test/world';

// Issue 12, item 6: addresses are proven by a link at signup and on change; until then they count for
// nothing, and Settings can show the state and send the link again.

describe('e-mail verification', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const status = async (who: TestUser) => {
    const res = await call(t, 'GET', '/api/account/email', { as: who });
    expectStatus(res, 200);
    return res.json<{ email: string; verified: boolean; pendingEmail: string | null }>();
  };
  const links = async (email: string) => {
    await t.settle();
    return t.mailer.sent
      .filter((m) => m.to === email && m.subject === VERIFICATION_SUBJECT)
      .map((m) => /\/verify-email\/([A-Za-z0-9_-]+)/.exec(m.text)![1]!);
  };
  const verify = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/account/verify-email', payload: { token } });

  it('mails a link at signup; the link proves the address once', async () => {
    const user = await createUser(t.app, { verified: false });
    expect(await status(user)).toEqual({ email: user.email, verified: false, pendingEmail: null });
    const [token] = await links(user.email);
    expectStatus(await verify(token!), 200);
    expect(await status(user)).toMatchObject({ verified: true });
    expectStatus(await verify(token!), 400);
  });

  it('resends a fresh link that voids the earlier one, at most 3 an hour', async () => {
    const user = await createUser(t.app, { verified: false });
    expectStatus(await call(t, 'POST', '/api/account/resend-verification', { as: user }), 200);
    const [first, second] = await links(user.email);
    expectStatus(await verify(first!), 400);
    expectStatus(await call(t, 'POST', '/api/account/resend-verification', { as: user }), 200);
    expectStatus(await call(t, 'POST', '/api/account/resend-verification', { as: user }), 200);
    expectStatus(await call(t, 'POST', '/api/account/resend-verification', { as: user }), 429);
    expectStatus(await verify(second!), 400); // voided by the later ones
    expectStatus(await verify((await links(user.email)).at(-1)!), 200);
  });

  it('limits address changes like resends: both mail an inbox, 3 an hour together (issue 20)', async () => {
    const user = await createUser(t.app);
    const changeTo = (email: string) =>
      call(t, 'PUT', '/api/login/updatePassword', {
        as: user,
        payload: { userId: user.id, email, oldPassword: user.password },
      });
    const outside = () => `${randomUUID()}@outside.example`;
    expectStatus(await changeTo(outside()), 200);
    expectStatus(await changeTo(outside()), 200);
    expectStatus(await call(t, 'POST', '/api/account/resend-verification', { as: user }), 200);
    await t.settle();
    const mailed = t.mailer.sent.length;
    const last = outside();
    const refused = await changeTo(last);
    expectStatus(refused, 429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await t.settle();
    expect(t.mailer.sent.length).toBe(mailed);
    expect((await status(user)).pendingEmail).not.toBe(last);
    t.clock.advance(60 * 60_000);
    expectStatus(await changeTo(last), 200);
  });

  it('keeps the old address until the new one is proven, and shows the pending change', async () => {
    const user = await createUser(t.app);
    const next = `${randomUUID()}@test.lectern`;
    const change = await call(t, 'PUT', '/api/login/updatePassword', {
      as: user,
      payload: { userId: user.id, email: next, oldPassword: user.password },
    });
    expectStatus(change, 200);
    expect(await status(user)).toEqual({ email: user.email, verified: true, pendingEmail: next });
    expectStatus(await verify((await links(next))[0]!), 200);
    expect(await status(user)).toEqual({ email: next, verified: true, pendingEmail: null });
  });

  it('refuses a link for an address another account took meanwhile (one account per address)', async () => {
    const user = await createUser(t.app);
    const wanted = `${randomUUID()}@test.lectern`;
    const change = await call(t, 'PUT', '/api/login/updatePassword', {
      as: user,
      payload: { userId: user.id, email: wanted, oldPassword: user.password },
    });
    expectStatus(change, 200);
    const [token] = await links(wanted);
    const other = await createUser(t.app, { email: wanted, verified: false });
    expectStatus(await verify(token!), 409);
    expect(await status(user)).toEqual({ email: user.email, verified: true, pendingEmail: wanted });
    expect((await status(other)).verified).toBe(false);
  });

  describe('notifications', () => {
    let w: QuestionsWorld;
    beforeAll(async () => {
      w = await buildQuestionsWorld(t);
    });

    it('sends no question mail to an admin whose address is unproven', async () => {
      await t.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, w.users.adminA.id));
      await t.settle();
      const before = t.mailer.sent.length;
      const res = await call(t, 'POST', '/api/questions', {
        as: w.users.studentA,
        payload: { question: 'Why is the spectrum periodic?', videoId: w.VA1.id, time: 3, live: false },
      });
      expectStatus(res, 201);
      await t.settle();
      const sent = t.mailer.sent.slice(before);
      expect(sent.filter((m) => m.to === w.users.adminA.email)).toEqual([]);
      expect(sent.some((m) => m.to === w.users.coAdminA.email)).toBe(true);
    });
  });
});
