import { createHash, randomUUID } from 'node:crypto';
import {
  type LoginChallenge,
  type LoginHeldBody,
  challengeProofText,
  leadingZeroBits,
} from '@lectern/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestUser, createUser } from '../../../test/factories';
import { type TestApp, createTestApp } from '../../../test/test-app';

// Issue 20, "Per-IP login hold": while a hold is on, a browser new to the account is refused with a signed
// proof-of-work challenge; solving it lets the right password in (and the browser is known from then on),
// once per challenge; a wrong password still counts, and guessing through challenges is held in its turn.

const MINUTE = 60_000;

/** What the login page does, with Node's SHA-256. */
function solve(challenge: LoginChallenge): string {
  for (let n = 0; ; n++) {
    const solution = n.toString(36);
    const digest = createHash('sha256').update(challengeProofText(challenge.token, solution)).digest();
    if (leadingZeroBits(digest) >= challenge.bits) return solution;
  }
}

/** A solution that does not meet the challenge's bits. */
function nonSolution(challenge: LoginChallenge): string {
  for (let n = 0; ; n++) {
    const digest = createHash('sha256')
      .update(challengeProofText(challenge.token, `x${n}`))
      .digest();
    if (leadingZeroBits(digest) === 0) return `x${n}`;
  }
}

describe('a login challenge for a browser new to the account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  let nextIp = 1;
  const login = (
    email: string,
    password: string,
    ip: string,
    extra: { challenge?: { token: string; solution: string }; cookie?: string } = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password, ...(extra.challenge ? { challenge: extra.challenge } : {}) },
      remoteAddress: ip,
      headers: extra.cookie ? { cookie: extra.cookie } : {},
    });
  /** A user whose (account, IP) pair is held by ten wrong passwords from a fresh IP. */
  async function held(): Promise<{ user: TestUser; ip: string }> {
    const user = await createUser(t.app);
    const ip = `10.20.${nextIp++}.1`;
    for (let i = 0; i < 10; i++) expect((await login(user.email, `wrong ${i}`, ip)).statusCode).toBe(401);
    return { user, ip };
  }
  /** The challenge of a refused login, checked to be a hold's 429. */
  async function challengeFor(email: string, password: string, ip: string): Promise<LoginChallenge> {
    const res = await login(email, password, ip);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    const body = res.json<LoginHeldBody>();
    expect(body.challenge).toMatchObject({ token: expect.any(String), bits: expect.any(Number) });
    return body.challenge!;
  }
  const solved = (challenge: LoginChallenge) => ({ token: challenge.token, solution: solve(challenge) });

  it('lets the right password in with a solved challenge, and knows the browser from then on', async () => {
    const { user, ip } = await held();
    const challenge = await challengeFor(user.email, user.password, ip);
    expect(challenge.bits).toBeGreaterThanOrEqual(16);
    const res = await login(user.email, user.password, ip, { challenge: solved(challenge) });
    expect(res.statusCode).toBe(200);
    const cookie = String(res.headers['set-cookie']).split(';')[0]!;
    // Ten more wrong passwords from the IP hold the pair again; the browser now known passes at once.
    for (let i = 0; i < 10; i++) await login(user.email, `wrong again ${i}`, ip);
    expect((await login(user.email, user.password, ip)).statusCode).toBe(429);
    expect((await login(user.email, user.password, ip, { cookie })).statusCode).toBe(200);
  });

  it('refuses a replayed, a forged, an unsolved, an expired and another account’s challenge', async () => {
    const { user, ip } = await held();
    const first = solved(await challengeFor(user.email, user.password, ip));
    expect((await login(user.email, user.password, ip, { challenge: first })).statusCode).toBe(200);
    for (let i = 0; i < 10; i++) await login(user.email, `wrong ${i}`, ip);

    const replayed = await login(user.email, user.password, ip, { challenge: first });
    expect(replayed.statusCode).toBe(429);
    expect(replayed.json<LoginHeldBody>().challenge).toBeDefined(); // a fresh one, not a pass

    const challenge = await challengeFor(user.email, user.password, ip);
    const [payload, signature] = challenge.token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as { b: number };
    const easier = Buffer.from(JSON.stringify({ ...claims, b: 1 })).toString('base64url');
    const forged = { token: `${easier}.${signature}`, bits: 1 };
    expect((await login(user.email, user.password, ip, { challenge: solved(forged) })).statusCode).toBe(429);
    const unsolved = { token: challenge.token, solution: nonSolution(challenge) };
    expect((await login(user.email, user.password, ip, { challenge: unsolved })).statusCode).toBe(429);

    const other = await held();
    const othersChallenge = solved(await challengeFor(other.user.email, other.user.password, other.ip));
    expect((await login(user.email, user.password, ip, { challenge: othersChallenge })).statusCode).toBe(429);

    const stale = solved(await challengeFor(user.email, user.password, ip));
    t.clock.advance(3 * MINUTE);
    for (let i = 0; i < 10; i++) await login(user.email, `wrong later ${i}`, ip);
    expect((await login(user.email, user.password, ip, { challenge: stale })).statusCode).toBe(429);
    // None of these refusals spent a challenge: a genuine one still lets the owner in.
    const genuine = solved(await challengeFor(user.email, user.password, ip));
    expect((await login(user.email, user.password, ip, { challenge: genuine })).statusCode).toBe(200);
  }, 120_000);

  it('counts a wrong password sent with a solved challenge, and holds guessing through challenges', async () => {
    const { user, ip } = await held();
    const firstWait = Number((await login(user.email, user.password, ip)).headers['retry-after']);
    expect(firstWait).toBeLessThanOrEqual(60);
    const guess = solved(await challengeFor(user.email, user.password, ip));
    expect((await login(user.email, 'a guess', ip, { challenge: guess })).statusCode).toBe(401);
    // Counted on the pair: its hold doubled.
    const after = await login(user.email, user.password, ip);
    expect(after.statusCode).toBe(429);
    expect(Number(after.headers['retry-after'])).toBeGreaterThan(60);

    // Nine more guesses through challenges, from a second held address too: every new browser of the
    // account is held now, and no challenge is offered.
    const second = `10.20.${nextIp++}.1`;
    for (let i = 0; i < 10; i++) await login(user.email, `wrong ${i}`, second);
    for (let i = 0; i < 9; i++) {
      const from = i % 2 ? ip : second;
      const challenge = await challengeFor(user.email, user.password, from);
      const res = await login(user.email, `guess ${i}`, from, { challenge: solved(challenge) });
      expect(res.statusCode).toBe(401);
    }
    const refused = await login(user.email, user.password, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json<LoginHeldBody>().challenge).toBeUndefined();
    // The owner's address that never failed is not held at all.
    expect((await login(user.email, user.password, '192.0.2.90')).statusCode).toBe(200);
  }, 180_000);

  it('answers an unknown address the same way', async () => {
    const email = `${randomUUID()}@test.lectern`;
    const ip = `10.20.${nextIp++}.1`;
    for (let i = 0; i < 10; i++) expect((await login(email, `wrong ${i}`, ip)).statusCode).toBe(401);
    const challenge = await challengeFor(email, 'anything', ip);
    expect((await login(email, 'anything', ip, { challenge: solved(challenge) })).statusCode).toBe(401);
  }, 60_000);
});
