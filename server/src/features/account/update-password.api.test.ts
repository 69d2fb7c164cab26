import { randomUUID } from 'node:crypto';
import { SUCCESS } from '@lectern/shared';
import { eq } from 'drizzle-orm';
import { VERIFICATION_SUBJECT } from '../auth/email-verification';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { type TestUser, createUser } from '../../../test/factories';
import { type TestApp, createTestApp } from '../../../test/test-app';

describe('PUT /api/login/updatePassword', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const update = (user: TestUser | null, payload: object) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/login/updatePassword',
      headers: user ? user.auth : {},
      payload,
    });
  const login = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
  const me = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/login', headers: { authorization: `Bearer ${token}` } });
  const userRow = async (id: string) => {
    const [row] = await t.db
      .select({ email: users.email, passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, id));
    return row!;
  };
  const body = (user: TestUser, overrides: object = {}) => ({
    userId: user.id,
    email: user.email,
    oldPassword: user.password,
    newPassword: 'a brand new password',
    ...overrides,
  });

  it('answers 401 without a token', async () => {
    const user = await createUser(t.app);
    expect((await update(null, body(user))).statusCode).toBe(401);
  });

  it('refuses an empty body, a short new password and an unknown field with 400', async () => {
    const user = await createUser(t.app);
    expect((await update(user, {})).statusCode).toBe(400);
    expect((await update(user, body(user, { newPassword: 'short' }))).statusCode).toBe(400);
    expect((await update(user, body(user, { isAdmin: true }))).statusCode).toBe(400);
  });

  it('answers 403 for another user’s userId and changes nothing (SECURITY AUTH-4)', async () => {
    const [caller, victim] = [await createUser(t.app), await createUser(t.app)];
    const before = await userRow(victim.id);
    const res = await update(caller, body(caller, { userId: victim.id, oldPassword: caller.password }));
    expect(res.statusCode).toBe(403);
    expect(await userRow(victim.id)).toEqual(before);
    expect((await login(victim.email, victim.password)).statusCode).toBe(200);
  });

  it('answers another account’s email like any other, changes nothing and mails it nothing (issue 12)', async () => {
    const [caller, other] = [await createUser(t.app), await createUser(t.app)];
    const before = await userRow(caller.id);
    const free = await update(caller, body(caller, { email: `${randomUUID()}@test.lectern` }));
    const [callerAgain] = [await createUser(t.app)];
    const taken = await update(callerAgain, body(callerAgain, { email: other.email.toUpperCase() }));
    expect(taken.statusCode).toBe(free.statusCode);
    expect(taken.body).toBe(free.body);
    expect((await userRow(callerAgain.id)).email).toBe(callerAgain.email);
    expect((await userRow(caller.id)).email).toBe(before.email);
    await t.settle();
    const toOther = t.mailer.sent.filter((m) => m.to.toLowerCase() === other.email.toLowerCase());
    expect(toOther.map((m) => m.subject)).toEqual([VERIFICATION_SUBJECT]); // its own, from its signup
  });

  it('answers 401 "Incorrect current password" for a wrong old password and changes nothing', async () => {
    const user = await createUser(t.app);
    const before = await userRow(user.id);
    const res = await update(user, body(user, { oldPassword: 'not my password' }));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: 'Incorrect current password' });
    expect(await userRow(user.id)).toEqual(before);
    // The wrong old password did not end the session that sent it.
    expect((await me(user.token)).statusCode).toBe(200);
  });

  it('changes the password, keeps this session and revokes the others (SECURITY SESS-3)', async () => {
    const user = await createUser(t.app);
    const other = (await login(user.email, user.password)).json().token as string;
    const res = await update(user, body(user));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: SUCCESS.passwordUpdated });
    expect((await me(user.token)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await login(user.email, user.password)).statusCode).toBe(401);
    expect((await login(user.email, 'a brand new password')).statusCode).toBe(200);
  });

  it('changes the email only once the new address is proven, and tells the old address (issue 12)', async () => {
    const user = await createUser(t.app);
    const newEmail = `${randomUUID()}@test.lectern`;
    const res = await update(user, { userId: user.id, email: newEmail, oldPassword: user.password });
    expect(res.statusCode).toBe(200);
    // Until the link is used, the old address stays in use.
    expect((await userRow(user.id)).email).toBe(user.email);
    expect((await login(user.email, user.password)).statusCode).toBe(200);
    await t.settle();
    expect(t.mailer.sent.some((m) => m.to === user.email && m.text.includes(newEmail))).toBe(true);
    const link = t.mailer.sent.find((m) => m.to === newEmail && m.subject === VERIFICATION_SUBJECT)!;
    const token = /\/verify-email\/([A-Za-z0-9_-]+)/.exec(link.text)![1]!;
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/account/verify-email',
      payload: { token },
    });
    expect(verified.statusCode).toBe(200);
    expect((await userRow(user.id)).email).toBe(newEmail);
    expect((await login(newEmail, user.password)).statusCode).toBe(200);
    expect((await login(user.email, user.password)).statusCode).toBe(401);
  });
});
