import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { courseAdmins } from '../src/db/schema';
import { isServerPath } from '../src/plugins/auth';
import { routeRows } from './authorization-matrix/rows';
import { authOf, injectRow } from './authorization-matrix/send';
import { snapshotAll } from './authorization-matrix/snapshot';
import { type Case, ROLES, type Role, type Row, type Status } from './authorization-matrix/table';
import { variantRows } from './authorization-matrix/variants';
import { buildWorld, freshCourseA, userOf } from './authorization-matrix/world';
import { appFixture, listening } from './fixture';
import { matchesContract, responseSchemaOf } from './response-contract';

// SECURITY AC-1, AC-2, AC-7 (DESIGN §9): every route × every role, with the exact status, and nothing
// changed by a refused write. The variant rows add AC-3, AC-4, AC-6 and AC-8.

/**
 * Known authorization gaps: "<METHOD> <route>[ (variant)] <role>", each with the status the matrix
 * expects meanwhile. Every entry is a bug to fix; the list should stay empty.
 */
const KNOWN_GAPS: Record<string, Status> = {};

const label = (row: Row) => `${row.method} ${row.route}${row.variant ? ` (${row.variant})` : ''}`;

describe('authorization matrix', () => {
  const { t, w } = appFixture(buildWorld, {
    // Every case is a fresh request; the upload-creation limit has its own test (upload-allowance).
    app: { env: { UPLOAD_CREATIONS_PER_HOUR: '100000' } },
  });
  const server = listening(t);

  /** A streaming answer's status, and its body when it is an error (which ends). */
  async function openStream(url: string, headers: Record<string, string>) {
    const controller = new AbortController();
    const res = await fetch(`${server.base}${url}`, { headers, signal: controller.signal });
    const body = res.ok ? '' : await res.text();
    controller.abort();
    return { statusCode: res.status, body, headers: Object.fromEntries(res.headers) };
  }

  async function run(row: Row, role: Role, expected: Status) {
    const c: Case = { t, w, role, user: userOf(w, role) };
    const f = row.fresh ? await row.fresh(c) : {};
    const watch = async () => ({
      untouched: await row.untouched?.(c, f),
      // Only where a refusal is expected: a snapshot of every table is the slow part of a case.
      all:
        row.mutates && expected >= 400
          ? await (row.untouchedIfDenied ?? (() => snapshotAll(t.db)))(c, f)
          : null,
    });
    const before = await watch();
    const res = row.stream
      ? await openStream(row.url(c, f), { ...row.payload?.(c, f).headers, ...authOf(c, f) })
      : await injectRow(row, c, f);
    return { c, res, before, after: await watch() };
  }

  for (const row of [...routeRows, ...variantRows]) {
    describe(label(row), () => {
      for (const role of ROLES) {
        const expected = KNOWN_GAPS[`${label(row)} ${role}`] ?? row.expect[role];
        it(`${role} → ${String(expected)}`, async () => {
          const { c, res, before, after } = await run(row, role, expected);
          expect(res.statusCode, res.body.slice(0, 300)).toBe(expected);
          expect(after.untouched).toEqual(before.untouched);
          if (res.statusCode >= 400) expect(after.all).toEqual(before.all);
          // No answer leaks a password hash, a session token or another person's email (AC-10).
          const others = [...Object.values(w.users), w.studentA2, w.victim].filter((u) => u !== c.user);
          expect(res.body).not.toContain('$argon2');
          for (const id of row.mustNotShow?.(c) ?? []) expect(res.body).not.toContain(id);
          for (const u of others) {
            expect(res.body).not.toContain(u.token);
            expect(res.body).not.toContain(u.email);
          }
          // An allowed JSON answer has exactly its contract's shape (AC-10, SECURITY §2.3).
          if (res.statusCode < 300 && /json/.test(String(res.headers['content-type']))) {
            const schema = responseSchemaOf(t.app, row.method, row.route, res.statusCode);
            expect(schema, 'a response schema').toBeDefined();
            expect(matchesContract(schema!, JSON.parse(res.body))).toBe(true);
          }
        });
      }
    });
  }

  it('gives the admin of B no more than an outsider in A (AC-7)', () => {
    const differ = routeRows.filter((r) => String(r.expect.adminB) !== String(r.expect.outsider));
    expect(differ.map(label)).toEqual([]);
  });

  it('refuses a removed co-admin at once, with no cached permission (AC-7)', async () => {
    const { coAdminA } = w.users;
    const { course } = await freshCourseA({ t, w, role: 'coAdminA', user: coAdminA });
    const edit = () =>
      t.app.inject({
        method: 'PUT',
        url: `/api/courses/${course}`,
        headers: coAdminA.auth,
        payload: { name: 'Edited', description: 'By a co-admin' },
      });
    expect((await edit()).statusCode).toBe(200);
    await t.db
      .delete(courseAdmins)
      .where(and(eq(courseAdmins.courseId, course!), eq(courseAdmins.userId, coAdminA.id)));
    expect((await edit()).statusCode).toBe(403);
  });

  it('has a row for every route of the API (AC-1)', () => {
    const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
    const routes = t.app.routePolicies.filter((r) => isServerPath(r.url));
    const gets = new Set(routes.filter((r) => r.method === 'GET').map((r) => r.url));
    // OPTIONS are CORS preflights; HEAD beside a GET is Fastify's automatic twin of that GET.
    const covered = routes.filter((r) => r.method !== 'OPTIONS' && !(r.method === 'HEAD' && gets.has(r.url)));
    const inTable = new Set(routeRows.map((r) => `${r.method} ${r.route}`));
    expect(covered.map(key).filter((k) => !inTable.has(k))).toEqual([]);
    const registered = new Set(routes.map(key));
    expect([...inTable].filter((k) => !registered.has(k))).toEqual([]);
    expect(variantRows.map((r) => `${r.method} ${r.route}`).filter((k) => !registered.has(k))).toEqual([]);
  });
});
