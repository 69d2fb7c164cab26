import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseAdmins, users } from '../../db/schema';
import { type TestUser, createUser } from '../../../test/factories';
import { seedCourse, seedCourseMember } from '../../../test/seed';
import { call, expectStatus } from '../../../test/calls';
import { type TestApp, createTestApp } from '../../../test/test-app';
import { VERIFICATION_SUBJECT } from '../auth/email-verification';

// Issue 12, item 5: add-admin is an invitation the invitee accepts, answered the same whatever the
// address, mailed only to proven addresses, and limited per inviter.

describe('add-admin invitations', () => {
  let t: TestApp;
  let creator: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    creator = await createUser(t.app, { name: 'Course Creator' });
  });
  afterAll(() => t.close());

  const newCourse = async () => (await seedCourse(t.db, creator.id, { name: 'Signals' })).id;
  const invite = (courseId: string, target: { adminEmail?: string; adminId?: string }, as = creator) =>
    call(t, 'POST', '/api/courses/add-admin', { as, payload: { courseId, ...target } });
  const invitations = async (who: TestUser) => {
    const res = await call(t, 'GET', '/api/invitations', { as: who });
    expectStatus(res, 200);
    return res.json<{ id: string; courseId: string; courseName: string; invitedBy: string }[]>();
  };
  const isAdmin = async (courseId: string, userId: string) =>
    (await t.db.select().from(courseAdmins).where(eq(courseAdmins.courseId, courseId))).some(
      (row) => row.userId === userId,
    );
  const invitationMails = (email: string) =>
    t.mailer.sent.filter((m) => m.to === email && m.subject !== VERIFICATION_SUBJECT);

  it('answers the same for an account, an unknown address, an unproven one and an unknown id', async () => {
    const course = await newCourse();
    const known = await createUser(t.app);
    const unproven = await createUser(t.app, { verified: false });
    const answers = await Promise.all([
      invite(course, { adminEmail: known.email }),
      invite(course, { adminEmail: `${randomUUID()}@nobody.example` }),
      invite(course, { adminEmail: unproven.email }),
      invite(course, { adminId: randomUUID() }),
      invite(course, { adminId: 'not-an-id' }),
    ]);
    for (const res of answers) expect(res.statusCode).toBe(200);
    expect(new Set(answers.map((res) => res.body)).size).toBe(1);
    // Nobody became an admin without consent, and only the proven address got a mail.
    expect(await isAdmin(course, known.id)).toBe(false);
    await t.settle();
    expect(invitationMails(known.email)).toHaveLength(1);
    expect(invitationMails(known.email)[0]!.text).toContain(`${t.config.publicUrl}/invitations`);
    expect(invitationMails(unproven.email)).toEqual([]);
    expect(await invitations(unproven)).toEqual([]);
  });

  it('makes the invitee an admin only when they accept, and drops their student membership', async () => {
    const course = await newCourse();
    const colleague = await createUser(t.app);
    await seedCourseMember(t.db, course, colleague.id);
    expectStatus(await invite(course, { adminEmail: colleague.email.toUpperCase() }), 200);
    const [pending] = await invitations(colleague);
    expect(pending).toMatchObject({ courseId: course, courseName: 'Signals', invitedBy: 'Course Creator' });
    // Nobody else can answer it.
    const stranger = await createUser(t.app);
    expectStatus(await call(t, 'POST', `/api/invitations/${pending!.id}/accept`, { as: stranger }), 404);
    expect(await isAdmin(course, stranger.id)).toBe(false);

    expectStatus(await call(t, 'POST', `/api/invitations/${pending!.id}/accept`, { as: colleague }), 200);
    expect(await isAdmin(course, colleague.id)).toBe(true);
    const view = await call(t, 'GET', `/api/courses/${course}`, { as: colleague });
    expect(view.json()).toMatchObject({ isAdmin: true });
    expect(await invitations(colleague)).toEqual([]);
  });

  it('declining leaves the invitee as they were', async () => {
    const course = await newCourse();
    const colleague = await createUser(t.app);
    expectStatus(await invite(course, { adminId: colleague.id }), 200);
    const [pending] = await invitations(colleague);
    expectStatus(await call(t, 'POST', `/api/invitations/${pending!.id}/decline`, { as: colleague }), 200);
    expect(await isAdmin(course, colleague.id)).toBe(false);
    expect(await invitations(colleague)).toEqual([]);
  });

  it('reaches an address once it is proven (an unknown address is mailed nothing)', async () => {
    const course = await newCourse();
    const email = `${randomUUID()}@later.example`;
    expectStatus(await invite(course, { adminEmail: email }), 200);
    const newcomer = await createUser(t.app, { email, verified: false });
    expect(await invitations(newcomer)).toEqual([]);
    await t.db.update(users).set({ emailVerifiedAt: t.clock.now() }).where(eq(users.id, newcomer.id));
    expect((await invitations(newcomer)).map((i) => i.courseId)).toEqual([course]);
  });

  it('refuses a student or an outsider with 403, and an inviter past 20 an hour with 429', async () => {
    const course = await newCourse();
    const student = await createUser(t.app);
    await seedCourseMember(t.db, course, student.id);
    expectStatus(await invite(course, { adminEmail: 'a@b.example' }, student), 403);
    const busy = await createUser(t.app);
    const own = (await seedCourse(t.db, busy.id, { name: 'Busy' })).id;
    for (let i = 0; i < 20; i++) expectStatus(await invite(own, { adminEmail: `${i}@x.example` }, busy), 200);
    const refused = await invite(own, { adminEmail: 'one-more@x.example' }, busy);
    expectStatus(refused, 429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  describe('mail (issue 20)', () => {
    it('goes once per address and course, however often the invitation is renewed or declined', async () => {
      const course = await newCourse();
      const invitee = await createUser(t.app);
      expectStatus(await invite(course, { adminEmail: invitee.email }), 200);
      expectStatus(await invite(course, { adminId: invitee.id }), 200);
      const [first] = await invitations(invitee);
      expectStatus(await call(t, 'POST', `/api/invitations/${first!.id}/decline`, { as: invitee }), 200);
      expectStatus(await invite(course, { adminEmail: invitee.email.toUpperCase() }), 200);
      await t.settle();
      expect(invitationMails(invitee.email)).toHaveLength(1);
      expect(await invitations(invitee)).toHaveLength(1); // the renewed invitation still shows in the app
      // Another course is another first time.
      expectStatus(await invite(await newCourse(), { adminEmail: invitee.email }), 200);
      await t.settle();
      expect(invitationMails(invitee.email)).toHaveLength(2);
    });

    it('goes only from an inviter whose own address is proven; the invitation still shows in the app', async () => {
      const unproven = await createUser(t.app, { verified: false });
      const course = (await seedCourse(t.db, unproven.id, { name: 'Unproven' })).id;
      const invitee = await createUser(t.app);
      expectStatus(await invite(course, { adminEmail: invitee.email }, unproven), 200);
      await t.settle();
      expect(invitationMails(invitee.email)).toEqual([]);
      expect((await invitations(invitee)).map((i) => i.courseId)).toEqual([course]);
    });

    it('shows the course and inviter names as quoted text they wrote, on lines of their own', async () => {
      const inviter = await createUser(t.app, { name: 'Dr.\u3164Mallory\nSupport' });
      const name = 'Signals\u202E\nURGENT: verify your password at https://evil.example';
      const course = (await seedCourse(t.db, inviter.id, { name })).id;
      const invitee = await createUser(t.app);
      expectStatus(await invite(course, { adminEmail: invitee.email }, inviter), 200);
      await t.settle();
      const [mail] = invitationMails(invitee.email);
      const lines = mail!.text.split('\n');
      expect(lines).toContain('> Signals URGENT: verify your password at https://evil.example');
      expect(lines).toContain('> Dr.Mallory Support');
      // Nothing the inviter wrote starts a line of its own outside the quotes.
      expect(lines.filter((l) => l.includes('URGENT') && !l.startsWith('> '))).toEqual([]);
      expect(mail!.subject).not.toContain('Signals');
    });
  });
});
