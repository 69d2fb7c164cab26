import { describe, expect, it } from 'vitest';
import { accountRows } from './authorization-matrix/routes-accounts';
import { captionRows } from './authorization-matrix/routes-captions';
import { lectureRows } from './authorization-matrix/routes-lectures';
import { questionRows } from './authorization-matrix/routes-questions';
import { tusRows } from './authorization-matrix/routes-tus';
import type { Case, Row } from './authorization-matrix/table';
import { buildWorld } from './authorization-matrix/world';
import { appFixture } from './fixture';

// Issue 12 (Low): a NUL character or a tiny float in any parameter, path, query or body, of any route of
// the authorization matrix, is refused as bad input, never a 500. The matrix's own valid requests (as
// course A's creator) are the starting point; each variant spoils one kind of parameter.

const rows: Row[] = [...accountRows, ...lectureRows, ...tusRows, ...questionRows, ...captionRows].filter(
  (r) => !r.stream,
);
const TINY = 1e-320; // a subnormal double
const label = (row: Row) => `${row.method} ${row.route}`;

type Spoil = (value: unknown) => unknown;
const deepMap = (value: unknown, leaf: Spoil): unknown =>
  Array.isArray(value)
    ? value.map((v) => deepMap(v, leaf))
    : value !== null && typeof value === 'object' && !Buffer.isBuffer(value)
      ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, deepMap(v, leaf)]))
      : leaf(value);
const nulInStrings: Spoil = (v) => (typeof v === 'string' ? `${v}\u0000` : v);
const tinyNumbers: Spoil = (v) => (typeof v === 'number' ? TINY : v);

/** The URL with a NUL after each path parameter (the segments that are `:name` in the route). */
function nulInPath(row: Row, url: string): string | null {
  const [path, query] = url.split('?') as [string, string | undefined];
  const pattern = row.route.split('/');
  const segments = path.split('/');
  if (!pattern.some((p) => p.startsWith(':') || p === '*')) return null;
  const spoiled = segments.map((s, i) => (pattern[i]?.startsWith(':') || pattern[i] === '*' ? `${s}%00` : s));
  return `${spoiled.join('/')}${query === undefined ? '' : `?${query}`}`;
}

/** The URL with every query value spoiled, or null without a query. */
function spoilQuery(url: string, spoil: (value: string) => string): string | null {
  const [path, query] = url.split('?') as [string, string | undefined];
  if (!query) return null;
  const params = new URLSearchParams(query);
  for (const [key, value] of [...params]) params.set(key, spoil(value));
  return `${path}?${params.toString()}`;
}

describe('bad input is a 400, never a 500 (issue 12)', () => {
  const { t, w } = appFixture(buildWorld);

  async function call(row: Row, spoilUrl: (url: string) => string | null, spoilBody: Spoil | null) {
    const c: Case = { t, w, role: 'adminA', user: w.users.adminA };
    const f = row.fresh ? await row.fresh(c) : {};
    const url = spoilUrl(row.url(c, f));
    const { body, headers } = row.payload?.(c, f) ?? {};
    const isJson = body !== undefined && !Buffer.isBuffer(body);
    if (url === null || (spoilBody && !isJson)) return null;
    const res = await t.app.inject({
      method: row.method,
      url,
      headers: { ...headers, authorization: `Bearer ${f.token ?? w.users.adminA.token}` },
      ...(body === undefined ? {} : { payload: (spoilBody ? deepMap(body, spoilBody) : body) as object }),
    });
    return res;
  }

  const variants: [string, (row: Row) => (url: string) => string | null, Spoil | null][] = [
    ['NUL in a path parameter', (row) => (url) => nulInPath(row, url), null],
    ['NUL in a query value', () => (url) => spoilQuery(url, (v) => `${v}\u0000`), null],
    ['NUL in every body string', () => (url) => url, nulInStrings],
    ['a tiny float in every query value', () => (url) => spoilQuery(url, () => String(TINY)), null],
    ['a tiny float for every body number', () => (url) => url, tinyNumbers],
  ];

  for (const row of rows) {
    it(label(row), async () => {
      for (const [name, spoilUrl, spoilBody] of variants) {
        const res = await call(row, spoilUrl(row), spoilBody);
        if (!res) continue;
        expect(res.statusCode, `${name}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
      }
    });
  }

  it('says why a NUL is refused, on an anonymous route too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'someone@test.lectern', password: 'pass\u0000word' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Text may not contain NUL characters');
  });
});
