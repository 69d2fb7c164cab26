import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { type TestUser, createUser } from '../../../test/factories';
import { type TestApp, createTestApp } from '../../../test/test-app';
import { VERIFICATION_SUBJECT } from './email-verification';

// Issue 12, item 2 (SECURITY RL-1, RESET-4): no account-wide lock anyone can set off, throttles per
// (account, IP) and per IP that grow, a class of 500 behind one NAT, and a reset that starts afresh.

const MINUTE = 60_000;

describe('login and reset throttling', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const login = (email: string, password: string, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress });
  const forgot = (email: string, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, remoteAddress });
  const resetLinks = (user: TestUser) =>
    t.mailer.sent.filter(
      (m) => m.to === user.email && m.subject !== VERIFICATION_SUBJECT && /reset-password/.test(m.text),
    );
  /** The reset mails, once at least `count` arrived (forgot-password mails after answering). */
  const waitForResetLinks = (user: TestUser, count: number) =>
    vi.waitFor(
      async () => {
        await t.settle();
        const links = resetLinks(user);
        expect(links.length).toBeGreaterThanOrEqual(count);
        return links;
      },
      { timeout: 15_000 },
    );
  const failFrom = async (user: TestUser, ip: string, times: number) => {
    for (let i = 0; i < times; i++) expect((await login(user.email, `wrong ${i}`, ip)).statusCode).toBe(401);
  };

  it('the attack of issue 12 leaves the victim able to log in and to reset from their own address', async () => {
    const victim = await createUser(t.app);
    // 100 failed logins from 10 addresses, then 3 forgot-password requests from another.
    for (let n = 0; n < 10; n++) await failFrom(victim, `10.12.${n}.1`, 10);
    for (let i = 0; i < 3; i++) expect((await forgot(victim.email, '10.12.99.1')).statusCode).toBe(200);

    const own = '192.0.2.44';
    expect((await login(victim.email, victim.password, own)).statusCode).toBe(200);
    await waitForResetLinks(victim, 3);
    expect((await forgot(victim.email, own)).statusCode).toBe(200);
    const links = await waitForResetLinks(victim, 4);
    const token = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(links.at(-1)!.text)![1]!;
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'a fresh start here' },
      remoteAddress: own,
    });
    expect(reset.statusCode).toBe(200);
    expect((await login(victim.email, 'a fresh start here', own)).statusCode).toBe(200);
  });

  it('holds a failing (account, IP) pair longer with every further failure, never the account', async () => {
    const user = await createUser(t.app);
    const ip = '10.13.0.1';
    await failFrom(user, ip, 10);
    const first = await login(user.email, user.password, ip);
    expect(first.statusCode).toBe(429);
    const firstWait = Number(first.headers['retry-after']);
    expect(firstWait).toBeGreaterThan(0);
    t.clock.advance(firstWait * 1000 + 1000);
    await failFrom(user, ip, 1);
    const second = await login(user.email, user.password, ip);
    expect(second.statusCode).toBe(429);
    expect(Number(second.headers['retry-after'])).toBeGreaterThan(firstWait);
    // Another address logs in meanwhile, and a success clears the pair.
    expect((await login(user.email, user.password, '10.13.0.2')).statusCode).toBe(200);
    t.clock.advance(15 * MINUTE);
    expect((await login(user.email, user.password, ip)).statusCode).toBe(200);
    expect((await login(user.email, 'wrong again', ip)).statusCode).toBe(401);
  });

  it('under attack from many addresses, a new failing address is held after 3 failures; a reset clears it', async () => {
    const user = await createUser(t.app);
    for (let n = 0; n < 10; n++) await failFrom(user, `10.14.${n}.1`, 10);
    const fresh = '10.14.200.1';
    await failFrom(user, fresh, 3);
    expect((await login(user.email, user.password, fresh)).statusCode).toBe(429);

    // After a reset by mail the account is no longer under attack: a new address gets its 10 tries.
    expect((await forgot(user.email, '192.0.2.45')).statusCode).toBe(200);
    const token = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(
      (await waitForResetLinks(user, 1)).at(-1)!.text,
    )![1]!;
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'brand new secret' },
      remoteAddress: '192.0.2.45',
    });
    expect(reset.statusCode).toBe(200);
    await failFrom(user, '10.14.201.1', 5);
    expect((await login(user.email, 'brand new secret', '10.14.201.1')).statusCode).toBe(200);
  });

  it('slows one IP that fails on many accounts, briefly, for every account', async () => {
    const ip = '10.15.0.1';
    for (let i = 0; i < 100; i++) {
      expect((await login(`${randomUUID()}@test.lectern`, 'not a password', ip)).statusCode).toBe(401);
    }
    const user = await createUser(t.app);
    const held = await login(user.email, user.password, ip);
    expect(held.statusCode).toBe(429);
    expect(Number(held.headers['retry-after'])).toBeLessThanOrEqual(60);
    t.clock.advance(MINUTE);
    expect((await login(user.email, user.password, ip)).statusCode).toBe(200);
  });

  it('lets a class of 500 behind one campus IP log in (SECURITY RL-1, §4)', async () => {
    // Seeded in the database with one hash: 500 signups would only measure argon2.
    const password = 'lecture starts now';
    const passwordHash = await hashPassword(password);
    const emails = Array.from({ length: 500 }, (_, i) => `student-${i}-${randomUUID()}@campus.example`);
    await t.db
      .insert(users)
      .values(emails.map((email, i) => ({ name: `Student ${i}`, email, passwordHash })));
    const campus = '198.51.100.7';
    const statuses: number[] = [];
    for (let i = 0; i < emails.length; i += 25) {
      const batch = emails.slice(i, i + 25).map((email) => login(email, password, campus));
      statuses.push(...(await Promise.all(batch)).map((res) => res.statusCode));
    }
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
  }, 300_000);

  describe('a browser that logged in before (issue 20, per-IP hold)', () => {
    const loginWith = (email: string, password: string, ip: string, cookie?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email, password },
        remoteAddress: ip,
        headers: cookie ? { cookie } : {},
      });
    const deviceCookie = (res: { headers: Record<string, unknown> }) => {
      const header = String(res.headers['set-cookie']);
      expect(header).toMatch(/HttpOnly; SameSite=Strict/);
      expect(header).toMatch(/Path=\/api\/login/);
      return header.split(';')[0]!;
    };

    it('gets in with the right password all through a classmate guessing from the same campus IP', async () => {
      const campus = '198.51.100.20';
      const owner = await createUser(t.app);
      const cookie = deviceCookie(await loginWith(owner.email, owner.password, campus));
      // One wrong password a second for 150 s from the same IP: at the owner, and at everyone else.
      const refused: number[] = [];
      for (let second = 0; second < 150; second++) {
        const target = second % 3 === 0 ? owner.email : `${randomUUID()}@campus.example`;
        await loginWith(target, `guess ${second}`, campus);
        if (second % 5 === 0) {
          const res = await loginWith(owner.email, owner.password, campus, cookie);
          if (res.statusCode !== 200) refused.push(res.statusCode);
        }
        t.clock.advance(1000);
      }
      expect(refused).toEqual([]);
      // Guessing stays slow: without the cookie, even the right password waits; a guess too.
      expect((await loginWith(owner.email, owner.password, campus)).statusCode).toBe(429);
      expect((await loginWith(owner.email, 'one more guess', campus)).statusCode).toBe(429);
    }, 300_000);

    it("holds a trusted browser's own failures, and trusts no cookie of another account or a forged one", async () => {
      const ip = '198.51.100.21';
      const owner = await createUser(t.app);
      const other = await createUser(t.app);
      const cookie = deviceCookie(await loginWith(owner.email, owner.password, ip));
      const otherCookie = deviceCookie(await loginWith(other.email, other.password, ip));
      await failFrom(owner, ip, 10); // holds the (account, IP) pair
      expect((await loginWith(owner.email, owner.password, ip)).statusCode).toBe(429);
      expect((await loginWith(owner.email, owner.password, ip, otherCookie)).statusCode).toBe(429);
      const forged = cookie.replace(/\.[^.]+$/, '.AAAA');
      expect((await loginWith(owner.email, owner.password, ip, forged)).statusCode).toBe(429);
      expect((await loginWith(owner.email, owner.password, ip, cookie)).statusCode).toBe(200);
      // Ten wrong passwords with the cookie hold that browser too.
      for (let i = 0; i < 10; i++)
        expect((await loginWith(owner.email, `wrong ${i}`, ip, cookie)).statusCode).toBe(401);
      expect((await loginWith(owner.email, owner.password, ip, cookie)).statusCode).toBe(429);
    }, 180_000);
  });
});
