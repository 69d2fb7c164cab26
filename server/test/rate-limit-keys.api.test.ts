import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestUser, createUser } from './factories';
import { type TestApp, createTestApp } from './test-app';

// SECURITY RL-2: once signed in, traffic is limited per user, not per address: a class behind one campus
// IP shares nothing, while one token past the per-user ceiling (600 a minute) gets 429.

const CAMPUS_IP = '10.20.30.40';
const PER_USER_PER_MINUTE = 600;

describe('rate limits keyed on the user once authenticated', () => {
  let t: TestApp;
  let busy: TestUser;
  let classmate: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    [busy, classmate] = await Promise.all([createUser(t.app), createUser(t.app)]);
  });
  afterAll(() => t.close());

  const poll = (user: TestUser) =>
    t.app.inject({ method: 'GET', url: '/api/login', headers: user.auth, remoteAddress: CAMPUS_IP });

  it('stops one token past its ceiling and leaves a classmate on the same IP alone', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= PER_USER_PER_MINUTE; i++) statuses.push((await poll(busy)).statusCode);
    expect(statuses.slice(0, PER_USER_PER_MINUTE).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect((await poll(classmate)).statusCode).toBe(200);
  });
});
