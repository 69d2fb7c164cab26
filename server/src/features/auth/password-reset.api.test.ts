import { randomUUID } from 'node:crypto';
import { SUCCESS } from '@lectern/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { passwordResets } from '../../db/schema';
import { VERIFICATION_SUBJECT } from './email-verification';
import { type TestUser, createUser } from '../../../test/factories';
import { type TestApp, createTestApp } from '../../../test/test-app';

const MINUTE = 60_000;

describe('password reset', () => {
  let t: TestApp;
  let ipCounter = 0;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://lectern.example.edu' } });
  });
  afterAll(() => t.close());

  // Forgot-password allows 3 requests per IP in 5 minutes: each test speaks from its own address.
  const nextIp = () => `10.1.0.${++ipCounter}`;
  const forgot = (email: string, remoteAddress = nextIp(), headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email },
      remoteAddress,
      headers,
    });
  const reset = (token: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password } });
  const login = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
  // Every signup also mails a verification link; these tests read the reset mails.
  const mailsTo = (email: string) =>
    t.mailer.sent.filter((m) => m.to === email && m.subject !== VERIFICATION_SUBJECT);

  /** Asks for a reset link and returns the token from the mail once it is "sent". */
  async function resetToken(user: TestUser): Promise<string> {
    const before = mailsTo(user.email).length;
    expect((await forgot(user.email)).statusCode).toBe(200);
    const mail = await vi.waitFor(() => {
      const mails = mailsTo(user.email);
      expect(mails.length).toBeGreaterThan(before);
      return mails.at(-1)!;
    });
    return /\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
  }

  describe('POST /api/auth/forgot-password', () => {
    it('refuses a malformed email with 400', async () => {
      expect((await forgot('nope')).statusCode).toBe(400);
    });

    it('answers an unknown and a known email the same way (SECURITY RESET-1)', async () => {
      const user = await createUser(t.app);
      const known = await forgot(user.email);
      const unknown = await forgot(`${randomUUID()}@test.lectern`);
      expect(known.statusCode).toBe(200);
      expect(known.body).toBe(unknown.body);
      expect(known.json()).toEqual({ message: SUCCESS.resetLinkSent });
    });

    it('mails a link on the configured origin even with a forged Host (SECURITY RESET-3)', async () => {
      const user = await createUser(t.app);
      await forgot(user.email, nextIp(), { host: 'evil.example', 'x-forwarded-host': 'evil.example' });
      const mail = await vi.waitFor(() => {
        const [first] = mailsTo(user.email);
        if (!first) throw new Error('no mail yet');
        return first;
      });
      expect(mail.text).toMatch(/https:\/\/lectern\.example\.edu\/reset-password\/[A-Za-z0-9_-]{43}/);
      expect(mail.text).not.toContain('evil.example');
      const token = /reset-password\/([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
      const rows = await t.db
        .select({ tokenHash: passwordResets.tokenHash })
        .from(passwordResets)
        .where(eq(passwordResets.userId, user.id));
      expect(rows).toHaveLength(1);
      expect(rows[0]!.tokenHash).not.toBe(token); // only its hash is stored
    });

    it('answers 429 after 3 requests from one address within 5 minutes (SECURITY RESET-4)', async () => {
      const ip = nextIp();
      const email = `${randomUUID()}@test.lectern`;
      for (let i = 0; i < 3; i++) expect((await forgot(email, ip)).statusCode).toBe(200);
      expect((await forgot(email, ip)).statusCode).toBe(429);
    });

    it('answers 429 to the 4th request from one IP, yet other IPs may still ask for the address (issue 12)', async () => {
      const user = await createUser(t.app);
      const attacker = nextIp();
      for (let i = 0; i < 3; i++)
        expect((await forgot(user.email.toUpperCase(), attacker)).statusCode).toBe(200);
      const refused = await forgot(user.email, attacker);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Reset requests never lock the account itself, and the owner's own address may still ask.
      expect((await login(user.email, user.password)).statusCode).toBe(200);
      expect((await forgot(user.email)).statusCode).toBe(200);
    });
  });

  describe('POST /api/auth/reset-password', () => {
    it('refuses a short password and an unknown token with 400', async () => {
      const user = await createUser(t.app);
      const token = await resetToken(user);
      expect((await reset(token, 'short')).statusCode).toBe(400);
      expect((await reset('x'.repeat(43), 'a new long password')).statusCode).toBe(400);
      // The refused attempts did not use the token up.
      expect((await reset(token, 'a new long password')).statusCode).toBe(200);
    });

    it('sets the new password once, revokes every session and logs nobody in', async () => {
      const user = await createUser(t.app);
      const token = await resetToken(user);
      const res = await reset(token, 'brand new password');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: SUCCESS.passwordReset });
      expect(res.body).not.toContain('token');
      const me = await t.app.inject({ method: 'GET', url: '/api/login', headers: user.auth });
      expect(me.statusCode).toBe(401);
      expect((await login(user.email, user.password)).statusCode).toBe(401);
      expect((await login(user.email, 'brand new password')).statusCode).toBe(200);
      expect((await reset(token, 'another new password')).statusCode).toBe(400);
      expect((await login(user.email, 'brand new password')).statusCode).toBe(200);
      await vi.waitFor(() =>
        expect(mailsTo(user.email).some((m) => m.subject.includes('password was changed'))).toBe(true),
      );
    });

    it('refuses a token 61 minutes after it was issued', async () => {
      const user = await createUser(t.app);
      const token = await resetToken(user);
      t.clock.advance(61 * MINUTE);
      expect((await reset(token, 'too late password')).statusCode).toBe(400);
      expect((await login(user.email, user.password)).statusCode).toBe(200);
    });

    it('voids an earlier token when a new one is requested', async () => {
      const user = await createUser(t.app);
      const first = await resetToken(user);
      const second = await resetToken(user);
      expect((await reset(first, 'first new password')).statusCode).toBe(400);
      expect((await reset(second, 'second new password')).statusCode).toBe(200);
      expect((await login(user.email, 'second new password')).statusCode).toBe(200);
    });

    it('never resets another user with one user’s token', async () => {
      const [x, y] = [await createUser(t.app), await createUser(t.app)];
      const token = await resetToken(x);
      expect((await reset(token, 'x new password')).statusCode).toBe(200);
      expect((await login(y.email, y.password)).statusCode).toBe(200);
      expect((await login(y.email, 'x new password')).statusCode).toBe(401);
    });
  });
});
