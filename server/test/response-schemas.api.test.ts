import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isServerPath } from '../src/plugins/auth';
import type { DocumentedRoute } from '../src/plugins/openapi';
import { routeRows } from './authorization-matrix/rows';
import { variantRows } from './authorization-matrix/variants';
import { type TestApp, createTestApp } from './test-app';

// Issue 12 (low): every route declares the answer of its success status, a response schema that strips
// what the contract does not name, or (no JSON body) a rawAnswer that /api/docs describes. A new route
// that forgets fails here.

/** Routes outside /api that speak their own protocol, with no JSON answer to describe. */
const TUS = 'tus protocol (tus.routes.ts): the answer is in its headers';
const EXCEPTIONS: Record<string, string> = {
  'get /media/:file': 'video bytes with Range (media.routes.ts)',
  ...Object.fromEntries(
    ['post', 'patch', 'delete', 'options'].flatMap((m) => [`${m} /tus`, `${m} /tus/*`].map((k) => [k, TUS])),
  ),
};

const key = (r: { method: string; url: string }) => `${r.method.toLowerCase()} ${r.url}`;

/** The statuses a route answers when it succeeds, as the authorization matrix saw them. */
function successStatuses(): Map<string, Set<number>> {
  const seen = new Map<string, Set<number>>();
  for (const row of [...routeRows, ...variantRows]) {
    const statuses = seen.get(key({ method: row.method, url: row.route })) ?? new Set<number>();
    for (const status of Object.values(row.expect)) if (status >= 200 && status < 300) statuses.add(status);
    seen.set(key({ method: row.method, url: row.route }), statuses);
  }
  return seen;
}

const declared = (route: DocumentedRoute): number[] => [
  ...Object.keys(route.schema.response ?? {}).map(Number),
  ...(route.rawAnswer ? [route.rawAnswer.status] : []),
];

describe('response schemas', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const serverRoutes = () =>
    t.app.documentedRoutes.filter((r) => isServerPath(r.url) && !(key(r) in EXCEPTIONS));

  it('covers every route: the success status of each has a response schema or a raw answer', () => {
    const success = successStatuses();
    const missing = serverRoutes().flatMap((route) => {
      const expected = [...(success.get(key(route)) ?? [])];
      const has = declared(route);
      if (expected.length === 0) return has.some((s) => s >= 200 && s < 300) ? [] : [`${key(route)} 2xx`];
      return expected.filter((s) => !has.includes(s)).map((s) => `${key(route)} ${s}`);
    });
    expect(missing).toEqual([]);
  });

  it('keeps raw answers for bodies that are not JSON', () => {
    const raw = serverRoutes().filter((r) => r.rawAnswer);
    expect(raw.length).toBeGreaterThan(5);
    for (const route of raw) {
      const { status, type } = route.rawAnswer!;
      expect(status === 204 || (type !== undefined && !type.includes('json')), key(route)).toBe(true);
    }
  });

  it('lists only exceptions that exist, and registers every route it expects', () => {
    const registered = new Set(t.app.documentedRoutes.map(key));
    expect(Object.keys(EXCEPTIONS).filter((k) => !registered.has(k))).toEqual([]);
    expect(registered.has('get /api/docs')).toBe(true);
  });
});
