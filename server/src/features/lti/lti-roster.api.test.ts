import { randomUUID } from 'node:crypto';
import { and, eq, gt, max } from 'drizzle-orm';
import { type CryptoKey, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import type { LtiHandoverAnswer, LtiRosterAnswer } from '@lectern/shared';
import {
  courseAdmins,
  courseMembers,
  events,
  externalIdentities,
  lectureMembers,
  lectures,
  questions,
  users,
  videos,
} from '../../db/schema';
import { createUser } from '../../../test/factories';
import { capturedLog } from '../../../test/captured-log';
import { statementsDuring } from '../../../test/query-log';
import { lmsPerson, ltiFixture } from '../../../test/lti-launches';
import { ROLE, type RosterMember } from '../../../test/lti-platform';
import { NRPS_SCOPE } from './memberships';
import { findPlatform } from './platforms.repository';
import { CLIENT_ASSERTION_TYPE, clientAssertion, serviceTokens } from './service-token';
import { signingKey } from './tool-keys';

// Names and Role Provisioning Services 2.0 (issue 23) against the reference platform: Lectern's service
// token (its client assertion checked by the platform as the Security Framework asks), and roster syncs
// read page by page from the platform's membership service, queued by the first instructor launch and on
// demand, run by the job queue.

const log = capturedLog();
const { t, platform, launch, signedIn } = ltiFixture({
  app: { env: { LOG_LEVEL: 'info' }, logStream: log.stream },
});

/** The last log entry `msg` wrote about the course. */
const lastLogged = (msg: string, courseId: string) =>
  log
    .entries(msg)
    .filter((entry) => entry.courseId === courseId)
    .at(-1);

const platformRow = async () => (await findPlatform(t.db, platform.issuer, platform.clientId))!;

/** What the platform's token endpoint answers to this client assertion. */
async function askToken(assertion: string, scope = NRPS_SCOPE) {
  const res = await fetch(platform.accessTokenUrl, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_assertion_type: CLIENT_ASSERTION_TYPE,
      client_assertion: assertion,
      scope,
    }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** An assertion with Lectern's claims, signed as told. */
async function assertion(
  overrides: { aud?: string; iatOffsetS?: number; key?: { kid: string; privateKey: CryptoKey } } = {},
) {
  const key = overrides.key ?? (await signingKey(t.db));
  const iat = Math.floor(t.clock.now().getTime() / 1000) + (overrides.iatOffsetS ?? 0);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'RS256', kid: key.kid })
    .setIssuer(platform.clientId)
    .setSubject(platform.clientId)
    .setAudience(overrides.aud ?? platform.accessTokenUrl)
    .setJti(randomUUID())
    .setIssuedAt(iat)
    .setExpirationTime(iat + 300)
    .sign(key.privateKey);
}

describe('the service token', () => {
  it("is granted for Lectern's client assertion, which the platform takes once", async () => {
    const signed = await clientAssertion(t.db, await platformRow(), t.clock.now());
    const first = await askToken(signed);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ token_type: 'Bearer', scope: NRPS_SCOPE });
    expect((await askToken(signed)).status).toBe(401);
  });

  it('is refused for an assertion forged, expired or for another audience', async () => {
    const stranger = await platform.stranger();
    expect((await askToken(await assertion({ key: stranger }))).status).toBe(401);
    expect((await askToken(await assertion({ iatOffsetS: -3600 }))).status).toBe(401);
    expect((await askToken(await assertion({ aud: `${platform.base}/other` }))).status).toBe(401);
    expect((await askToken(await assertion())).status).toBe(200);
  });

  it('is cached per platform and scopes until shortly before it expires', async () => {
    const tokens = serviceTokens(t.db, t.clock.now);
    const row = await platformRow();
    const first = await tokens.token(row, [NRPS_SCOPE]);
    expect(await tokens.token(row, [NRPS_SCOPE])).toBe(first);
    t.clock.advance(3600_000);
    expect(await tokens.token(row, [NRPS_SCOPE])).not.toBe(first);
  });
});

const member = (roles: string[], extra: Partial<RosterMember> = {}): RosterMember => ({
  user_id: randomUUID(),
  roles,
  name: `Member ${randomUUID().slice(0, 6)}`,
  status: 'Active',
  ...extra,
});

const userOf = async (sub: string) =>
  (await t.db.select().from(externalIdentities).where(eq(externalIdentities.subject, sub)))[0]?.userId;

/** The Lectern role of the LMS member `sub` in the course: 'admin', 'student', or null (none, or no account). */
async function roleOf(courseId: string, sub: string): Promise<'admin' | 'student' | null> {
  const userId = await userOf(sub);
  if (!userId) return null;
  return roleOfUser(courseId, userId);
}
async function roleOfUser(courseId: string, userId: string) {
  const admin = await t.db
    .select()
    .from(courseAdmins)
    .where(and(eq(courseAdmins.courseId, courseId), eq(courseAdmins.userId, userId)));
  if (admin.length) return 'admin';
  const student = await t.db
    .select()
    .from(courseMembers)
    .where(and(eq(courseMembers.courseId, courseId), eq(courseMembers.userId, userId)));
  return student.length ? 'student' : null;
}

/** An LMS course with this roster, opened by its instructor (whose launch queues the first sync). */
async function openCourse(roster: RosterMember[]) {
  const context = `roster-${randomUUID().slice(0, 8)}`;
  const teacher = lmsPerson([ROLE.instructor], context);
  platform.setRoster(context, [{ user_id: teacher.sub, roles: teacher.roles, status: 'Active' }, ...roster]);
  const session = await signedIn((await launch(teacher)).res);
  const courseId = session.target.split('/').pop()!;
  await t.settle();
  return { context, teacher, session, courseId };
}

const syncNow = (session: LtiHandoverAnswer | { token: string }, courseId: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/courses/${courseId}/lti-roster-sync`,
    headers: { authorization: `Bearer ${session.token}` },
  });

const status = async (session: { token: string }, courseId: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/courses/${courseId}/lti-roster`,
    headers: { authorization: `Bearer ${session.token}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<LtiRosterAnswer>().links;
};

describe('a roster sync', () => {
  it('on the first instructor launch reads every page and enrols students and administrators', async () => {
    platform.setRosterPageSize(2);
    const reads = platform.rosterReads;
    const ta = member([ROLE.teachingAssistant]);
    const learners = [member([ROLE.learner]), member([ROLE.learner]), member([ROLE.learner])];
    const inactive = member([ROLE.learner], { status: 'Inactive' });
    const noCourseRole = member([ROLE.institutionAdmin]);
    const { courseId, session } = await openCourse([ta, ...learners, inactive, noCourseRole]);

    expect(platform.rosterReads - reads).toBe(4); // 7 members, 2 a page
    expect(await roleOf(courseId, ta.user_id)).toBe('admin');
    for (const l of learners) expect(await roleOf(courseId, l.user_id)).toBe('student');
    expect(await roleOf(courseId, inactive.user_id)).toBeNull();
    expect(await roleOf(courseId, noCourseRole.user_id)).toBeNull();
    expect(await status(session, courseId)).toEqual([
      {
        platformName: 'Reference LMS',
        canSync: true,
        lastSyncAt: expect.any(String),
        lastSyncMembers: 5,
        lastSyncError: null,
      },
    ]);
    platform.setRosterPageSize(50);
  });

  it('takes access from those dropped, keeps what they made, and leaves Lectern-only members alone', async () => {
    const kept = member([ROLE.learner]);
    const dropped = member([ROLE.learner]);
    const deactivated = member([ROLE.learner]);
    const { context, teacher, session, courseId } = await openCourse([kept, dropped, deactivated]);
    expect(await roleOf(courseId, dropped.user_id)).toBe('student');
    const droppedId = (await userOf(dropped.user_id))!;
    const [video] = await t.db.insert(videos).values({ title: 'V', sourceType: 'youtubeLink' }).returning();
    const [question] = await t.db
      .insert(questions)
      .values({ videoId: video!.id, askerId: droppedId, question: 'Why?', timeAsked: 12 })
      .returning();
    const lecternOnly = await createUser(t.app);
    await t.db.insert(courseMembers).values({ courseId, userId: lecternOnly.id });

    platform.setRoster(context, [
      { user_id: teacher.sub, roles: teacher.roles },
      kept,
      { ...deactivated, status: 'Inactive' },
    ]);
    const [before] = await t.db.select({ last: max(events.id) }).from(events);
    const res = await syncNow(session, courseId);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ queued: 1 });
    await t.settle();
    // The request and the sync's end each tell the course's screens (the admin page shows the result).
    const told = await t.db
      .select({ type: events.type, payload: events.payload })
      .from(events)
      .where(gt(events.id, before?.last ?? 0));
    expect(
      told.filter((e) => e.type === 'course.changed' && JSON.stringify(e.payload).includes(courseId)),
    ).toHaveLength(2);

    expect(await roleOf(courseId, kept.user_id)).toBe('student');
    expect(await roleOf(courseId, dropped.user_id)).toBeNull();
    expect(await roleOf(courseId, deactivated.user_id)).toBeNull();
    expect(await roleOfUser(courseId, lecternOnly.id)).toBe('student');
    const [stillThere] = await t.db.select().from(questions).where(eq(questions.id, question!.id));
    expect(stillThere?.askerId).toBe(droppedId);

    // Again: the same outcome, no account made twice.
    const identities = (await t.db.select().from(externalIdentities)).length;
    expect((await syncNow(session, courseId)).statusCode).toBe(202);
    await t.settle();
    expect((await t.db.select().from(externalIdentities)).length).toBe(identities);
    expect(await roleOf(courseId, kept.user_id)).toBe('student');
    expect(await roleOf(courseId, teacher.sub)).toBe('admin');
    expect((await status(session, courseId))[0]?.lastSyncMembers).toBe(2);
  });

  it("never takes the course's last administrator away", async () => {
    const { context, teacher, session, courseId } = await openCourse([]);
    platform.setRoster(context, []);
    expect((await syncNow(session, courseId)).statusCode).toBe(202);
    await t.settle();
    expect(await roleOf(courseId, teacher.sub)).toBe('admin');
  });

  it('is refused (409) for a course whose LMS does not offer its roster', async () => {
    const teacher = await signedIn((await launch(lmsPerson([ROLE.instructor], `plain-${randomUUID()}`))).res);
    const courseId = teacher.target.split('/').pop()!;
    expect((await syncNow(teacher, courseId)).statusCode).toBe(409);
    expect(await status(teacher, courseId)).toMatchObject([{ canSync: false, lastSyncAt: null }]);
  });

  it('is refused to a student', async () => {
    const { context, courseId } = await openCourse([]);
    const learner = await signedIn((await launch(lmsPerson([ROLE.learner], context))).res);
    expect((await syncNow(learner, courseId)).statusCode).toBe(403);
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/courses/${courseId}/lti-roster`,
      headers: { authorization: `Bearer ${learner.token}` },
    });
    expect(read.statusCode).toBe(403);
  });

  it('changes nothing, and says why, when the answer is malformed, pages forever or is too large', async () => {
    const learner = member([ROLE.learner]);
    const { context, teacher, session, courseId } = await openCourse([learner]);
    const newcomer = member([ROLE.learner]);
    platform.setRoster(context, [{ user_id: teacher.sub, roles: teacher.roles }, newcomer]);
    for (const [fault, why] of [
      ['malformed', /not JSON/],
      ['forever', /past 200 pages/],
      ['huge', /longer than/],
    ] as const) {
      platform.setRosterFault(fault);
      expect((await syncNow(session, courseId)).statusCode).toBe(202);
      await t.settle();
      expect(await roleOf(courseId, learner.user_id)).toBe('student');
      expect(await roleOf(courseId, newcomer.user_id)).toBeNull();
      expect((await status(session, courseId))[0]?.lastSyncError).toMatch(why);
    }
    platform.setRosterFault(null);
  });
});

describe('a roster sync in batches', () => {
  it("follows a member's role from one sync to the next, never below administrator once one", async () => {
    const promoted = member([ROLE.learner]);
    const listedLower = member([ROLE.teachingAssistant]);
    const { context, teacher, session, courseId } = await openCourse([promoted, listedLower]);
    const past = new Date(t.clock.now().getTime() - 3600_000);
    const [lecture] = await t.db
      .insert(lectures)
      .values({
        courseId,
        title: 'Week 1',
        lectureDate: past,
        lectureDateAvailable: past,
        lectureDateStart: past,
        lectureDateEnd: past,
      })
      .returning();
    const promotedId = (await userOf(promoted.user_id))!;
    await t.db.insert(lectureMembers).values({ lectureId: lecture!.id, userId: promotedId });
    expect(await roleOf(courseId, promoted.user_id)).toBe('student');
    expect(await roleOf(courseId, listedLower.user_id)).toBe('admin');

    platform.setRoster(context, [
      { user_id: teacher.sub, roles: teacher.roles },
      { ...promoted, roles: [ROLE.teachingAssistant] },
      { ...listedLower, roles: [ROLE.learner] },
    ]);
    expect((await syncNow(session, courseId)).statusCode).toBe(202);
    await t.settle();
    expect(await roleOf(courseId, promoted.user_id)).toBe('admin');
    // A new administrator is no student of the course or its lectures any more, as when invited.
    const memberships = [
      ...(await t.db.select().from(courseMembers).where(eq(courseMembers.userId, promotedId))),
      ...(await t.db.select().from(lectureMembers).where(eq(lectureMembers.userId, promotedId))),
    ];
    expect(memberships).toEqual([]);
    expect(await roleOf(courseId, listedLower.user_id)).toBe('admin');
  });

  it('makes one account of a member the platform lists on two pages', async () => {
    platform.setRosterPageSize(1);
    const twice = member([ROLE.learner]);
    const { courseId } = await openCourse([twice, member([ROLE.learner]), { ...twice }]);
    platform.setRosterPageSize(50);
    const linked = await t.db
      .select()
      .from(externalIdentities)
      .where(eq(externalIdentities.subject, twice.user_id));
    expect(linked).toHaveLength(1);
    expect(await t.db.select().from(users).where(eq(users.name, twice.name!))).toHaveLength(1);
    expect(await roleOf(courseId, twice.user_id)).toBe('student');
  });

  it('and a launch of the same person at once make one account, which the launch signs in', async () => {
    const { context, session, courseId } = await openCourse([]);
    const newcomer = lmsPerson([ROLE.learner], context, { name: `Newcomer ${randomUUID().slice(0, 6)}` });
    platform.setRoster(context, [
      ...Array.from({ length: 40 }, () => member([ROLE.learner])),
      { user_id: newcomer.sub, roles: newcomer.roles, name: newcomer.name, status: 'Active' },
    ]);
    const [, launched] = await Promise.all([
      syncNow(session, courseId).then(() => t.settle()),
      launch(newcomer).then(({ res }) => signedIn(res)),
    ]);
    const userId = await userOf(newcomer.sub);
    expect(launched.id).toBe(userId);
    expect(await t.db.select().from(users).where(eq(users.name, newcomer.name!))).toHaveLength(1);
    expect(await roleOf(courseId, newcomer.sub)).toBe('student');
  });

  it('keeps the account and the address another transaction took while a chunk was written', async () => {
    const person = (subject: string, email: string | null = null) => ({
      issuer: platform.issuer,
      subject,
      name: `Raced ${subject.slice(0, 8)}`,
      email,
      emailProven: true,
    });
    const address = `${randomUUID()}@lms.example.edu`;
    const launched = person(randomUUID());
    const rostered = person(randomUUID(), address);
    // A launch's transaction makes `launched`'s account and one holding `address`, and stays open while the
    // chunk's begins: on PostgreSQL the chunk reads neither, and its inserts wait on the unique indexes.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let made!: () => void;
    const madeThem = new Promise<void>((resolve) => (made = resolve));
    const launch = t.db.transaction(async (tx) => {
      const ids = await t.app.auth.accountsForIdentities(tx, [launched, person(randomUUID(), address)]);
      made();
      await held;
      return ids[0];
    });
    await madeThem;
    const chunk = t.db.transaction((tx) => t.app.auth.accountsForIdentities(tx, [launched, rostered]));
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    const [launchedId, [chunkLaunchedId, rosteredId]] = await Promise.all([launch, chunk]);

    expect(chunkLaunchedId).toBe(launchedId);
    expect(await t.db.select().from(users).where(eq(users.name, launched.name))).toHaveLength(1);
    const [rosteredRow] = await t.db.select().from(users).where(eq(users.id, rosteredId!));
    expect(rosteredRow).toMatchObject({
      email: expect.stringMatching(/@external\.invalid$/),
      emailVerifiedAt: null,
    });
    expect(await userOf(rostered.subject)).toBe(rosteredId);
  });

  it('links by (issuer, sub) only, and gives an address to the first member claiming it', async () => {
    const owner = await createUser(t.app);
    const claimsOwners = member([ROLE.learner], { email: owner.email.toUpperCase() });
    const address = `${randomUUID()}@lms.example.edu`;
    const first = member([ROLE.learner], { email: address });
    const second = member([ROLE.learner], { email: address.toUpperCase() });
    await openCourse([claimsOwners, first, second]);
    const accountOf = async (m: RosterMember) =>
      (
        await t.db
          .select()
          .from(users)
          .where(eq(users.id, (await userOf(m.user_id))!))
      )[0]!;
    const [ownerRow] = await t.db.select().from(users).where(eq(users.id, owner.id));
    const made = [await accountOf(claimsOwners), await accountOf(first), await accountOf(second)];

    expect(made[0]!.id).not.toBe(owner.id);
    expect(made.map((u) => u.email.endsWith('@external.invalid'))).toEqual([true, false, true]);
    expect(made[1]).toMatchObject({ email: address, emailVerifiedAt: expect.any(Date) }); // trusted platform
    expect(made[2]!.emailVerifiedAt).toBeNull();
    // One unusable hash for all the accounts made from outside, not the owner's.
    expect(new Set(made.map((u) => u.passwordHash)).size).toBe(1);
    expect(made[0]!.passwordHash).not.toBe(ownerRow!.passwordHash);
  });

  it('writes a roster of 300 in a bounded number of statements, not a few per member', async () => {
    const roster = Array.from({ length: 300 }, (_, n) =>
      member([n % 50 === 0 ? ROLE.teachingAssistant : ROLE.learner], {
        email: `${randomUUID()}@lms.example.edu`,
      }),
    );
    let courseId = '';
    const statements = await statementsDuring(
      t.db,
      async () => {
        courseId = (await openCourse(roster)).courseId;
      },
      { inTransactions: true },
    );
    expect(await roleOf(courseId, roster[0]!.user_id)).toBe('admin');
    expect(await roleOf(courseId, roster[299]!.user_id)).toBe('student');
    // The launch, the job queue and the sync: ~25 per chunk of 250 for the sync; one by one it was ~3,000.
    expect(statements.length).toBeLessThan(200);
  });
});

describe('the roster log', () => {
  it('says what each sync changed and how long it took, or why it failed, and never holds a token', async () => {
    const stays = member([ROLE.learner]);
    const leaves = member([ROLE.learner]);
    const { context, teacher, session, courseId } = await openCourse([stays, leaves]);
    const newcomer = member([ROLE.learner]);
    platform.setRoster(context, [{ user_id: teacher.sub, roles: teacher.roles }, stays, newcomer]);
    expect((await syncNow(session, courseId)).statusCode).toBe(202);
    await t.settle();
    const where = {
      courseId,
      platformId: (await platformRow()).id,
      platform: 'Reference LMS',
      contextId: context,
    };
    expect(lastLogged('lti.roster.synced', courseId)).toMatchObject({
      level: 30, // pino's info
      ...where,
      added: 1,
      removed: 1,
      total: 3,
      durationMs: expect.any(Number),
    });

    platform.setRosterFault('malformed');
    expect((await syncNow(session, courseId)).statusCode).toBe(202);
    await t.settle();
    platform.setRosterFault(null);
    expect(lastLogged('lti.roster.failed', courseId)).toMatchObject({
      level: 40, // pino's warn
      ...where,
      error: expect.stringMatching(/not JSON/),
      durationMs: expect.any(Number),
    });

    const written = log.text();
    expect(platform.accessTokensGranted.length).toBeGreaterThan(0);
    for (const token of platform.accessTokensGranted) expect(written).not.toContain(token);
    expect(written).not.toMatch(/eyJ[\w-]+\.eyJ/); // no JWT: not the client assertion, not an id_token
  });
});
