import type { HTTPMethods } from 'fastify';
import type { TestApp } from '../test-app';
import type { TestUser } from '../factories';
import type { World } from './world';

// The shape of the authorization matrix (SECURITY §2.3): one row per route (and a few variant rows), each
// naming the status every role must get.

export const ROLES = [
  'anon',
  'badToken',
  'outsider',
  'studentB',
  'adminB',
  'studentA',
  'coAdminA',
  'adminA',
] as const;
export type Role = (typeof ROLES)[number];

/** The exact HTTP status a role must get. */
export type Status = number;
export type Expect = Record<Role, Status>;

/** What a case runs with: the world, the app, and the caller (undefined for anon and badToken). */
export interface Case {
  t: TestApp;
  w: World;
  role: Role;
  user: TestUser | undefined;
}

/** Ids of objects made for one case only, so that a successful DELETE or join leaves the world intact. */
export type Fresh = Record<string, string>;

export interface Payload {
  body?: unknown;
  headers?: Record<string, string>;
}

/** A raw body with its headers (multipart). */
export const asPayload = (raw: { payload: Buffer; headers: Record<string, string> }): Payload => ({
  body: raw.payload,
  headers: raw.headers,
});

export interface Row {
  method: HTTPMethods;
  /** The route pattern as registered (coverage test); variant rows repeat their route's pattern. */
  route: string;
  /** Shown in the test name for variant rows (AC-3, AC-4, AC-6, AC-8). */
  variant?: string;
  fresh?: (c: Case) => Promise<Fresh>;
  url: (c: Case, f: Fresh) => string;
  /** A JSON body, or a raw payload with its headers (multipart, tus). */
  payload?: (c: Case, f: Fresh) => Payload;
  expect: Expect;
  mutates: boolean;
  /** The answer is a stream that never ends (SSE): the call goes over a socket and reads the status only. */
  stream?: boolean;
  /**
   * Rows the call must never change, whatever its status (another user's rows, AC-4). Without it, a denied
   * mutating call is checked against a snapshot of every table.
   */
  untouched?: (c: Case, f: Fresh) => Promise<unknown>;
  /** Ids the answer must not mention for this caller (an unreleased lecture named in a query, AC-8). */
  mustNotShow?: (c: Case) => string[];
  /** What a denied mutating call must leave alone, when it lives outside the database (tus uploads). */
  untouchedIfDenied?: (c: Case, f: Fresh) => Promise<unknown>;
}

type Group = { anon: Status; outside: Status; studentA: Status; admins: Status };

/** The four columns of SECURITY §2.3; outsider, studentB and adminB share one (AC-7); badToken is 401. */
export function statuses(g: Group, overrides: Partial<Expect> = {}): Expect {
  return {
    anon: g.anon,
    badToken: 401,
    outsider: g.outside,
    studentB: g.outside,
    adminB: g.outside,
    studentA: g.studentA,
    coAdminA: g.admins,
    adminA: g.admins,
    ...overrides,
  };
}

/** Course A's admins only. */
export const adminsOfA = (ok: number): Expect =>
  statuses({ anon: 401, outside: 403, studentA: 403, admins: ok });
/** Members of course A (students and admins). */
export const membersOfA = (ok: number): Expect =>
  statuses({ anon: 401, outside: 403, studentA: ok, admins: ok });
/** Any logged-in user, acting on themselves. */
export const anyUser = (ok: number): Expect => statuses({ anon: 401, outside: ok, studentA: ok, admins: ok });
/** Anyone, anonymous included (a token that is sent must still be valid). */
export const anyone = (ok: number): Expect => statuses({ anon: ok, outside: ok, studentA: ok, admins: ok });
/** An unreleased lecture's objects: 404 for all but course A's admins (AC-8). */
export const hiddenUntilReleased = (ok: number): Expect =>
  statuses({ anon: 404, outside: 404, studentA: 404, admins: ok });
/** Course B's object: only B's roles get through (the mirror of course A, AC-7). */
export const ofCourseB = (student: number, admin: number): Expect =>
  statuses({ anon: 401, outside: 403, studentA: 403, admins: 403 }, { studentB: student, adminB: admin });
/** Nobody logged in may do it (a foreign id or objects that do not belong together). */
export const nobody = (denied: number): Expect =>
  statuses({ anon: 401, outside: denied, studentA: denied, admins: denied });
