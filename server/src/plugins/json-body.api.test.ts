import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { courses, usageEvents } from '../db/schema';
import { createUser, type TestUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { BODY_LIMITS, MAX_JSON_DEPTH } from './json-body';

// Issue 12, item 7: bodies are capped per route before they are read, nesting is refused before
// JSON.parse, and rate limits count a request before its body is parsed.

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app);
});
afterAll(() => t.close());

const nested = (bytes: number) => `${'['.repeat(bytes / 2)}${']'.repeat(bytes / 2)}`;
const post = (url: string, payload: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json', ...headers } });

describe('JSON bodies (issue 12)', () => {
  it('refuses a megabyte of nested arrays with 413 before reading it, on an anonymous route', async () => {
    const res = await post('/api/login', nested(1_000_000));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('caps most routes at a few KB and lets the few that need more have it', async () => {
    const padding = 'x'.repeat(BODY_LIMITS.default);
    const login = await post('/api/login', JSON.stringify({ email: 'a@b.example', password: padding }));
    expect(login.statusCode).toBe(413);
    const description = 'd'.repeat(5000);
    const course = await post('/api/courses', JSON.stringify({ name: 'Big text', description }), admin.auth);
    expect(course.statusCode, course.body).toBe(201);
  });

  it('refuses deep nesting with 400 before parsing, even within a larger route limit', async () => {
    const before = await t.db.select({ n: count() }).from(courses);
    const res = await post('/api/courses', nested(BODY_LIMITS.courseText - 2), admin.auth);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(`The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`);
    expect(await t.db.select({ n: count() }).from(courses)).toEqual(before);

    const shallow = `{"name":"Deep","description":${'['.repeat(MAX_JSON_DEPTH - 1)}${']'.repeat(MAX_JSON_DEPTH - 1)}}`;
    expect((await post('/api/courses', shallow, admin.auth)).json().code).toBe('VALIDATION');
  });

  it('counts a request against the rate limit before its body is parsed', async () => {
    const before = await t.db.select({ n: count() }).from(usageEvents);
    const statuses: number[] = [];
    for (let i = 0; i < 500 && !statuses.includes(429); i += 1) {
      statuses.push((await post('/api/logging/log', '{"action": ')).statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(new Set(statuses.slice(0, -1))).toEqual(new Set([400]));
    expect(await t.db.select({ n: count() }).from(usageEvents)).toEqual(before);
  });
});
