import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { type TestApp, createTestApp } from '../../../test/test-app';

describe('sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const me = (authorization?: string) =>
    t.app.inject({ method: 'GET', url: '/api/login', headers: authorization ? { authorization } : {} });

  describe('GET /api/login', () => {
    it('answers 401 without a token', async () => {
      expect((await me()).statusCode).toBe(401);
    });

    it('answers 401 for a malformed or unknown token', async () => {
      expect((await me('Bearer not a token')).statusCode).toBe(401);
      expect((await me(`Bearer ${'x'.repeat(43)}`)).statusCode).toBe(401);
      expect((await me('Basic dXNlcjpwYXNz')).statusCode).toBe(401);
    });

    it('answers 200 with the user, never the hash', async () => {
      const user = await createUser(t.app);
      const res = await me(user.auth.authorization);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        id: user.id,
        _id: user.id,
        name: user.name,
        email: user.email,
        installationAdmin: false,
      });
      expect(res.headers['cache-control']).toBe('no-store');
    });

    it('answers 401 once the session has expired (SECURITY SESS-4)', async () => {
      const user = await createUser(t.app);
      await t.db.execute(
        sql`update sessions set expires_at = now() - interval '1 minute' where user_id = ${user.id}`,
      );
      expect((await me(user.auth.authorization)).statusCode).toBe(401);
    });

    it('expires after 24 h without use, and slides while the session is used', async () => {
      const user = await createUser(t.app);
      t.clock.advance(23 * 3600_000);
      expect((await me(user.auth.authorization)).statusCode).toBe(200);
      t.clock.advance(23 * 3600_000); // 46 h after login, 23 h after the last use
      expect((await me(user.auth.authorization)).statusCode).toBe(200);
      t.clock.advance(25 * 3600_000);
      expect((await me(user.auth.authorization)).statusCode).toBe(401);
    });
  });

  describe('POST /api/logout', () => {
    it('answers 401 without a token', async () => {
      expect((await t.app.inject({ method: 'POST', url: '/api/logout' })).statusCode).toBe(401);
    });

    it('answers 204 and revokes that token on the server, not the others (SECURITY SESS-2)', async () => {
      const user = await createUser(t.app);
      const other = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: user.email, password: user.password },
      });
      const res = await t.app.inject({ method: 'POST', url: '/api/logout', headers: user.auth });
      expect(res.statusCode).toBe(204);
      expect((await me(user.auth.authorization)).statusCode).toBe(401);
      expect((await me(`Bearer ${other.json().token}`)).statusCode).toBe(200);
    });
  });
});
