import { randomUUID } from 'node:crypto';
import { ACCOUNT_SECURITY, PASSWORD_RULE } from '@lectern/shared';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createUser } from '../../../test/factories';
import { type TestApp, createTestApp } from '../../../test/test-app';

const uniqueEmail = () => `${randomUUID()}@test.lectern`;

describe('signup and login', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const signup = (payload: object) => t.app.inject({ method: 'POST', url: '/api/signup/', payload });
  const login = (payload: object, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/login', payload, remoteAddress });
  const countUsers = async (email: string) => {
    const [row] = await t.db
      .select({ n: count() })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
    return row!.n;
  };

  describe('POST /api/signup/', () => {
    const valid = () => ({ name: 'Ada Lovelace', email: uniqueEmail(), password: 'correct horse battery' });

    it('refuses an empty body with 400', async () => {
      expect((await signup({})).statusCode).toBe(400);
    });

    it('refuses a password shorter than 8 characters with the password rule', async () => {
      const body = { ...valid(), password: 'short12' };
      const res = await signup(body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: PASSWORD_RULE });
      expect(await countUsers(body.email)).toBe(0);
    });

    it('refuses a malformed email and an unknown field with 400', async () => {
      expect((await signup({ ...valid(), email: 'not-an-email' })).statusCode).toBe(400);
      const extra = { ...valid(), isAdmin: true };
      expect((await signup(extra)).statusCode).toBe(400);
      expect(await countUsers(extra.email)).toBe(0);
    });

    it('refuses a taken email, whatever its case and verified or not: 409, nothing created (issue 20)', async () => {
      for (const verified of [true, false]) {
        const owner = await createUser(t.app, { verified });
        await t.settle();
        const mailed = t.mailer.sent.length;
        const taken = await signup({ ...valid(), email: owner.email.toUpperCase() });
        expect(taken.statusCode).toBe(409);
        expect(taken.json()).toEqual({ error: ACCOUNT_SECURITY.emailInUse, code: 'CONFLICT' });
        expect(await countUsers(owner.email)).toBe(1);
        // The owner keeps the address and the login, and nobody is mailed.
        expect((await login({ email: owner.email, password: owner.password })).statusCode).toBe(200);
        await t.settle();
        expect(t.mailer.sent.length).toBe(mailed);
      }
    });

    it('refuses a common password, whatever its case (SECURITY AUTH-2)', async () => {
      for (const password of ['password', '12345678', 'Baseball', 'iloveyou1']) {
        const body = { ...valid(), password };
        const res = await signup(body);
        expect(res.statusCode).toBe(400);
        expect(await countUsers(body.email)).toBe(0);
      }
      expect((await signup({ ...valid(), password: 'aaaaaaaaaaaa' })).statusCode).toBe(201);
    });

    it('strips bidi controls and zero-width characters from names (issue 12)', async () => {
      const res = await signup({ ...valid(), name: 'Ali\u202Ece\u200B Ad\u2066min\u2069\uFEFF' });
      expect(res.statusCode).toBe(201);
      expect(res.json().name).toBe('Alice Admin');
      expect((await signup({ ...valid(), name: '\u202E\u200B' })).statusCode).toBe(400);
    });

    it('creates the account and answers 201 with a working token, the name and the user', async () => {
      const body = valid();
      const res = await signup(body);
      expect(res.statusCode).toBe(201);
      const answer = res.json();
      expect(answer).toMatchObject({ name: body.name, user: { name: body.name, email: body.email } });
      expect(answer.user.id).toBe(answer.id);
      expect(answer.user._id).toBe(answer.id);
      expect(JSON.stringify(answer)).not.toContain('argon2');
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/login',
        headers: { authorization: `Bearer ${answer.token}` },
      });
      expect(me.json()).toEqual({
        id: answer.id,
        _id: answer.id,
        name: body.name,
        email: body.email,
        installationAdmin: false,
      });
    });

    it('stores an argon2id hash with m ≥ 19456 and t ≥ 2, salted per user (SECURITY AUTH-1)', async () => {
      const a = await createUser(t.app, { password: 'same password here' });
      const b = await createUser(t.app, { password: 'same password here' });
      const rows = await t.db
        .select({ hash: users.passwordHash })
        .from(users)
        .where(inArray(users.id, [a.id, b.id]));
      const [hashA, hashB] = rows.map((r) => r.hash);
      expect(hashA).not.toBe(hashB);
      for (const hash of [hashA!, hashB!]) {
        expect(hash).toMatch(/^\$argon2id\$v=19\$/);
        const params = Object.fromEntries(
          hash
            .split('$')[3]!
            .split(',')
            .map((pair) => pair.split('=') as [string, string]),
        );
        expect(Number(params.m)).toBeGreaterThanOrEqual(19456);
        expect(Number(params.t)).toBeGreaterThanOrEqual(2);
        expect(Number(params.p)).toBeGreaterThanOrEqual(1);
      }
    });
  });

  describe('POST /api/login', () => {
    it('refuses empty fields with 400 "Please fill in all fields"', async () => {
      const res = await login({ email: '', password: '' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'Please fill in all fields' });
    });

    it('answers an unknown email and a wrong password with the same status and body', async () => {
      const user = await createUser(t.app);
      const unknown = await login({ email: uniqueEmail(), password: user.password });
      const wrong = await login({ email: user.email, password: 'not the password' });
      expect(unknown.statusCode).toBe(401);
      expect(wrong.statusCode).toBe(401);
      expect(wrong.body).toBe(unknown.body);
    });

    it('logs in with the right password, any email case, and answers 200 with a token', async () => {
      const user = await createUser(t.app);
      const res = await login({ email: user.email.toUpperCase(), password: user.password });
      expect(res.statusCode).toBe(200);
      const answer = res.json();
      expect(answer).toMatchObject({ name: user.name, id: user.id, user: { email: user.email } });
      expect(answer.token).not.toBe(user.token);
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/login',
        headers: { authorization: `Bearer ${answer.token}` },
      });
      expect(me.statusCode).toBe(200);
    });

    it('compares passwords exactly: no truncation, no case folding', async () => {
      const long = 'p'.repeat(99);
      const user = await createUser(t.app, { password: `${long}a` });
      expect((await login({ email: user.email, password: `${long}b` })).statusCode).toBe(401);
      expect((await login({ email: user.email, password: `${long}A` })).statusCode).toBe(401);
      expect((await login({ email: user.email, password: `${long}a` })).statusCode).toBe(200);
    });

    it('locks an account and IP after 10 failures: 429 with Retry-After even for the right password', async () => {
      const user = await createUser(t.app);
      const ip = '10.0.0.9';
      for (let i = 0; i < 10; i++) {
        expect((await login({ email: user.email, password: `wrong ${i}` }, ip)).statusCode).toBe(401);
      }
      const locked = await login({ email: user.email, password: user.password }, ip);
      expect(locked.statusCode).toBe(429);
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
      // Another address is not locked out by this one (no denial of service by lockout).
      expect((await login({ email: user.email, password: user.password }, '10.0.0.10')).statusCode).toBe(200);
      // The lock expires after its 15-minute window.
      t.clock.advance(16 * 60_000);
      expect((await login({ email: user.email, password: user.password }, ip)).statusCode).toBe(200);
    });
  });
});
