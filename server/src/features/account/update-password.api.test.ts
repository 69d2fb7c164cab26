import { randomUUID } from 'node:crypto';
import { SUCCESS } from '@lectern/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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

  it('answers 403 for another account’s email and keeps both accounts as they were', async () => {
    const [caller, other] = [await createUser(t.app), await createUser(t.app)];
    const before = await userRow(caller.id);
    const res = await update(caller, body(caller, { email: other.email.toUpperCase() }));
    expect(res.statusCode).toBe(403);
    expect(await userRow(caller.id)).toEqual(before);
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

  it('changes the email with the current password and tells the old address', async () => {
    const user = await createUser(t.app);
    const newEmail = `${randomUUID()}@test.lectern`;
    const res = await update(user, { userId: user.id, email: newEmail, oldPassword: user.password });
    expect(res.statusCode).toBe(200);
    expect((await userRow(user.id)).email).toBe(newEmail);
    expect((await login(newEmail, user.password)).statusCode).toBe(200);
    expect((await login(user.email, user.password)).statusCode).toBe(401);
    await vi.waitFor(() =>
      expect(t.mailer.sent.some((m) => m.to === user.email && m.text.includes(newEmail))).toBe(true),
    );
  });
});
