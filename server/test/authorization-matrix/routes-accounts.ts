import { randomUUID } from 'node:crypto';
import { createUser } from '../factories';
import { type Case, type Fresh, type Row, adminsOfA, anyUser, anyone, membersOfA, statuses } from './table';
import { freshCourseA, freshLecture, selfId } from './world';

// Health, accounts, logging and courses (SPEC §7 "Accounts", "Courses and lectures").

const password = (c: Case) => c.user?.password ?? 'not a user at all';

export const accountRows: Row[] = [
  { method: 'GET', route: '/api/health', url: () => '/api/health', expect: anyone(200), mutates: false },
  { method: 'GET', route: '/api/config', url: () => '/api/config', expect: anyone(200), mutates: false },
  // The OpenAPI description (off in production, SECURITY SUP-1).
  { method: 'GET', route: '/api/docs', url: () => '/api/docs', expect: anyone(200), mutates: false },
  { method: 'GET', route: '/api/login', url: () => '/api/login', expect: anyUser(200), mutates: false },
  {
    method: 'POST',
    route: '/api/login',
    // A user of its own per case: logging in as a role user would start sessions under its feet.
    fresh: async ({ t }) => {
      const u = await createUser(t.app);
      return { email: u.email, password: u.password };
    },
    url: () => '/api/login',
    payload: (_c, f) => ({ body: { email: f.email, password: f.password } }),
    expect: anyone(200),
    mutates: true,
  },
  {
    method: 'POST',
    route: '/api/signup/',
    url: () => '/api/signup/',
    payload: () => ({
      body: { name: 'New Person', email: `${randomUUID()}@test.lectern`, password: 'long enough pass' },
    }),
    expect: anyone(201),
    mutates: true,
  },
  // An LTI launch's one-time code (issue 23): nobody holds one here, so everyone is told it expired.
  {
    method: 'POST',
    route: '/api/lti/handover',
    url: () => '/api/lti/handover',
    payload: () => ({ body: { code: 'x'.repeat(43) } }),
    expect: anyone(401),
    mutates: true,
  },
  // The deep-linking picker's answer (issue 23): no caller holds a picker, nor its browser's cookie.
  {
    method: 'POST',
    route: '/api/lti/deep-link',
    url: () => '/api/lti/deep-link',
    payload: ({ w }) => ({ body: { picker: 'x'.repeat(43), items: [{ lectureId: w.LA }] } }),
    expect: anyUser(403),
    mutates: true,
  },
  // A one-time code for "Open in a new tab" (issue 23): anyone signed in, for themselves.
  {
    method: 'POST',
    route: '/api/lti/new-tab',
    url: () => '/api/lti/new-tab',
    payload: () => ({ body: { target: '/courses' } }),
    expect: anyUser(200),
    mutates: true,
  },
  {
    method: 'POST',
    route: '/api/logout',
    // A second session of the caller, so the role's own token stays valid for the other cases.
    fresh: async ({ t, user }): Promise<Fresh> => {
      if (!user) return {};
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: user.email, password: user.password },
      });
      return { token: res.json<{ token: string }>().token };
    },
    url: () => '/api/logout',
    expect: anyUser(204),
    mutates: true,
  },
  {
    method: 'POST',
    route: '/api/auth/forgot-password',
    url: () => '/api/auth/forgot-password',
    payload: () => ({ body: { email: `${randomUUID()}@test.lectern` } }),
    expect: anyone(200),
    mutates: true,
  },
  {
    method: 'POST',
    route: '/api/auth/reset-password',
    url: () => '/api/auth/reset-password',
    payload: () => ({ body: { token: 'x'.repeat(43), password: 'long enough pass' } }),
    expect: anyone(400),
    mutates: true,
  },
  {
    method: 'PUT',
    route: '/api/login/updatePassword',
    url: () => '/api/login/updatePassword',
    payload: (c) => ({
      body: { userId: selfId(c), oldPassword: password(c), newPassword: password(c) },
    }),
    expect: anyUser(200),
    mutates: true,
  },
  {
    method: 'POST',
    route: '/api/notification',
    url: () => '/api/notification',
    payload: (c) => ({ body: { userId: selfId(c) } }),
    expect: anyUser(200),
    mutates: false,
  },
  {
    method: 'POST',
    route: '/api/notification/update-notification',
    url: () => '/api/notification/update-notification',
    payload: (c) => ({ body: { userId: selfId(c), receiveEmailsAnsweredQuestion: false } }),
    expect: anyUser(200),
    mutates: true,
  },
  {
    method: 'POST',
    route: '/api/logging/log',
    url: () => '/api/logging/log',
    payload: ({ w }) => ({
      body: { action: 'videoPlayLecture', videoID: w.VA1, courseID: w.A, lectureID: w.LA, videoTime: 3 },
    }),
    expect: anyone(201),
    mutates: true,
  },
  {
    method: 'GET',
    route: '/api/courses/user-courses/:userId',
    url: (c) => `/api/courses/user-courses/${selfId(c)}`,
    expect: anyUser(200),
    mutates: false,
  },
  {
    method: 'POST',
    route: '/api/courses',
    url: () => '/api/courses',
    payload: () => ({ body: { name: 'New course', description: 'Made in the matrix' } }),
    expect: anyUser(201),
    mutates: true,
  },
  // A join link's page names what it joins, also to a visitor about to log in (issue 21).
  {
    method: 'GET',
    route: '/api/join/:code',
    url: ({ w }) => `/api/join/${w.A}`,
    expect: anyone(200),
    mutates: false,
  },
  {
    method: 'POST',
    route: '/api/courses/join',
    fresh: freshCourseA,
    url: () => '/api/courses/join',
    payload: (_c, f) => ({ body: { courseId: f.course } }),
    // studentA is already enrolled: 409 tells the web where to go (SPEC §4); a course's admins cannot join it.
    expect: statuses({ anon: 401, outside: 200, studentA: 409, admins: 400 }),
    mutates: true,
  },
  {
    method: 'POST',
    route: '/api/lectures/join',
    fresh: async (c) => freshLecture(c, (await freshCourseA(c)).course),
    url: () => '/api/lectures/join',
    payload: (_c, f) => ({ body: { lectureId: f.lecture } }),
    expect: statuses({ anon: 401, outside: 200, studentA: 409, admins: 400 }),
    mutates: true,
  },
  // The students an admin may invite as a new admin (issue 21): names for the course's admins only.
  {
    method: 'GET',
    route: '/api/courses/:id/members',
    url: ({ w }) => `/api/courses/${w.A}/members`,
    expect: adminsOfA(200),
    mutates: false,
  },
  {
    method: 'POST',
    route: '/api/courses/add-admin',
    fresh: freshCourseA,
    url: () => '/api/courses/add-admin',
    payload: ({ w }, f) => ({ body: { courseId: f.course, adminEmail: w.studentA2.email } }),
    expect: adminsOfA(200),
    mutates: true,
  },
  {
    method: 'GET',
    route: '/api/courses/:id',
    url: ({ w }) => `/api/courses/${w.A}`,
    expect: membersOfA(200),
    mutates: false,
  },
  // The course's LMS roster (NRPS, issue 23), for its admins. Course A is linked to no LMS course, so a
  // sync is refused with 409 after the admin check; the linked case: lti/lti-roster.api.test.ts.
  {
    method: 'GET',
    route: '/api/courses/:id/lti-roster',
    url: ({ w }) => `/api/courses/${w.A}/lti-roster`,
    expect: adminsOfA(200),
    mutates: false,
  },
  {
    method: 'POST',
    route: '/api/courses/:id/lti-roster-sync',
    url: ({ w }) => `/api/courses/${w.A}/lti-roster-sync`,
    expect: adminsOfA(409),
    mutates: true,
  },
  // A lecture's "send watch progress to the gradebook" (AGS, issue 23), for its course's admins. Course A is
  // linked to no LMS course, so turning it on is refused with 409 after the admin check; the linked case:
  // lti/lti-gradebook.api.test.ts.
  {
    method: 'GET',
    route: '/api/lectures/:id/lti-gradebook',
    url: ({ w }) => `/api/lectures/${w.LA}/lti-gradebook`,
    expect: adminsOfA(200),
    mutates: false,
  },
  {
    method: 'PUT',
    route: '/api/lectures/:id/lti-gradebook',
    url: ({ w }) => `/api/lectures/${w.LA}/lti-gradebook`,
    payload: () => ({ body: { enabled: true } }),
    expect: adminsOfA(409),
    mutates: true,
  },
  {
    method: 'PUT',
    route: '/api/courses/:id',
    fresh: freshCourseA,
    url: (_c, f) => `/api/courses/${f.course}`,
    payload: () => ({ body: { name: 'Renamed', description: 'Changed' } }),
    expect: adminsOfA(200),
    mutates: true,
  },
  {
    method: 'DELETE',
    route: '/api/courses/:id',
    fresh: freshCourseA,
    url: (_c, f) => `/api/courses/${f.course}`,
    expect: adminsOfA(200),
    mutates: true,
  },
];
