import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CourseDto, LtiHandoverAnswer } from '@lectern/shared';
import { externalIdentities, users } from '../../db/schema';
import { createUser } from '../../../test/factories';
import { expectRefusalPage, lmsPerson, ltiFixture } from '../../../test/lti-launches';
import { ROLE } from '../../../test/lti-platform';
import { LTI_REFUSALS } from './lti-refusal';
import { refreshFraming } from './framing';

// LTI 1.3 launches (issue 23) against the reference platform (test/lti-platform.ts), every message through
// HTTP: the login initiation, the platform's checks of Lectern's authentication request, the launch's form
// post, and the web app's trade of the one-time code for a session.

const { t, platform, launch, codeOf, handover, signedIn } = ltiFixture();

const person = lmsPerson;

const course = (session: LtiHandoverAnswer, courseId: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/courses/${courseId}`,
    headers: { authorization: `Bearer ${session.token}` },
  });

const expectRefusal = expectRefusalPage;

const identitiesOf = (sub: string) =>
  t.db.select().from(externalIdentities).where(eq(externalIdentities.subject, sub));

describe('an instructor launch', () => {
  it('makes the account and the course, and signs in as its administrator', async () => {
    const ada = person([ROLE.instructor], 'physics-101');
    const { res } = await launch(ada);
    const session = await signedIn(res);
    const courseId = /^\/courses\/([\w-]+)$/.exec(session.target)![1]!;
    const answer = await course(session, courseId);
    expect(answer.statusCode).toBe(200);
    expect(answer.json<CourseDto>()).toMatchObject({ name: 'Course physics-101', isAdmin: true });
    expect(session.name).toBe('Ada Lovelace');

    // The same person again: the same account and course.
    const again = await signedIn((await launch(ada)).res);
    expect(again.id).toBe(session.id);
    expect(again.target).toBe(session.target);
  });

  it('lets a teaching assistant administer the course too', async () => {
    await signedIn((await launch(person([ROLE.instructor], 'ta-course'))).res);
    const ta = await signedIn((await launch(person([ROLE.teachingAssistant], 'ta-course'))).res);
    const courseId = ta.target.split('/').pop()!;
    expect((await course(ta, courseId)).json<CourseDto>().isAdmin).toBe(true);
  });
});

describe('a learner launch', () => {
  it('joins the learner to the course the instructor opened, as a student', async () => {
    const teacher = await signedIn((await launch(person([ROLE.instructor], 'bio-2'))).res);
    const learner = await signedIn((await launch(person([ROLE.learner], 'bio-2'))).res);
    expect(learner.target).toBe(teacher.target);
    const answer = await course(learner, learner.target.split('/').pop()!);
    expect(answer.statusCode).toBe(200);
    expect(answer.json<CourseDto>().isAdmin).toBe(false);
  });

  it('is refused, with nothing made, before an instructor has opened the course', async () => {
    const early = person([ROLE.learner], `not-opened-${randomUUID()}`);
    expectRefusal((await launch(early)).res, 403, LTI_REFUSALS.courseNotReady);
    expect(await identitiesOf(early.sub)).toHaveLength(0);
  });

  it('lands on the lecture a deep link names, when it is of the linked course', async () => {
    const teacher = await signedIn((await launch(person([ROLE.instructor], 'lecture-link'))).res);
    const courseId = teacher.target.split('/').pop()!;
    const now = t.clock.now().toISOString();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/upload/createLectureOnly',
      headers: { authorization: `Bearer ${teacher.token}` },
      payload: {
        courseID: courseId,
        title: 'Week 1',
        topic: 'Motion',
        lectureDate: now,
        lectureDateStart: now,
        lectureDateEnd: now,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const lectureId = created.json<{ id: string }>().id;
    const learner = person([ROLE.learner], 'lecture-link', { custom: { lecture_id: lectureId } });
    expect((await signedIn((await launch(learner)).res)).target).toBe(`/lecture/${lectureId}`);
    // A lecture of another course is never a landing: the course page instead.
    const stranger = person([ROLE.learner], 'lecture-link', { custom: { lecture_id: randomUUID() } });
    expect((await signedIn((await launch(stranger)).res)).target).toBe(`/courses/${courseId}`);
  });
});

describe('who the launch is', () => {
  it('links by (issuer, sub) only: an e-mail claim never reaches the Lectern account holding that address', async () => {
    const owner = await createUser(t.app);
    await signedIn((await launch(person([ROLE.instructor], 'mail-course'))).res);
    const claimant = person([ROLE.learner], 'mail-course', { email: owner.email });
    const session = await signedIn((await launch(claimant)).res);
    expect(session.id).not.toBe(owner.id);
    expect(session.user.email).not.toBe(owner.email);
  });

  it('takes a free address from a platform trusted for it as proven', async () => {
    const email = `${randomUUID()}@campus.example`;
    await signedIn((await launch(person([ROLE.instructor], 'proven', { email }))).res);
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(row?.emailVerifiedAt).not.toBeNull();
  });

  it('grants nothing for a launch whose roles give no course role', async () => {
    const admin = person([ROLE.institutionAdmin], 'no-role');
    expectRefusal((await launch(admin)).res, 403, LTI_REFUSALS.noRole);
    expect(await identitiesOf(admin.sub)).toHaveLength(0);
  });

  it('hands over a session once, and not after a minute', async () => {
    const { res } = await launch(person([ROLE.instructor], 'once'));
    const code = codeOf(res);
    expect((await handover(code)).statusCode).toBe(200);
    const reused = await handover(code);
    expect(reused.statusCode, reused.body).toBe(401);
    const late = codeOf((await launch(person([ROLE.instructor], 'late'))).res);
    t.clock.advance(61_000);
    expect((await handover(late)).statusCode).toBe(401);
  });
});

describe('open in a new tab', () => {
  const newTab = (token: string, target: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/lti/new-tab',
      headers: { authorization: `Bearer ${token}` },
      payload: { target },
    });

  it('hands the person in the frame a new one-time code for the same page, good once', async () => {
    const framed = await signedIn((await launch(person([ROLE.learner, ROLE.instructor], 'new-tab'))).res);
    const answer = await newTab(framed.token, `${framed.target}?tab=1`);
    expect(answer.statusCode, answer.body).toBe(200);
    const { code } = answer.json<{ code: string }>();
    const tab = await handover(code);
    expect(tab.statusCode).toBe(200);
    expect(tab.json<LtiHandoverAnswer>()).toMatchObject({ id: framed.id, target: `${framed.target}?tab=1` });
    expect(tab.json<LtiHandoverAnswer>().token).not.toBe(framed.token);
    expect((await handover(code)).statusCode).toBe(401);
  });

  it('opens paths of Lectern only, and only for someone signed in', async () => {
    const framed = await signedIn((await launch(person([ROLE.instructor], 'new-tab-bad'))).res);
    for (const target of ['//evil.example/x', '/\\evil.example', 'https://evil.example', ''])
      expect((await newTab(framed.token, target)).statusCode, target).toBe(400);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/lti/new-tab',
      payload: { target: '/' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the Security Framework checks', () => {
  const someone = () => person([ROLE.instructor], `checks-${randomUUID()}`);

  it('refuses a token signed with a key the platform never published', async () => {
    const forged = await launch(someone(), {
      idToken: async (made) => {
        const stranger = await platform.stranger();
        const claims = JSON.parse(Buffer.from(made.split('.')[1]!, 'base64url').toString());
        return platform.sign(claims, stranger);
      },
    });
    expectRefusal(forged.res, 401, LTI_REFUSALS.badToken);
  });

  it('refuses a token whose payload was altered after signing', async () => {
    const tampered = await launch(someone(), {
      idToken: (made) => {
        const [header, payload, signature] = made.split('.');
        const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
        claims['https://purl.imsglobal.org/spec/lti/claim/roles'] = [ROLE.instructor, ROLE.learner, 'x'];
        return `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
      },
    });
    expectRefusal(tampered.res, 401, LTI_REFUSALS.badToken);
  });

  it.each([
    ['an expired token', () => ({ exp: Math.floor(t.clock.now().getTime() / 1000) - 120 })],
    ['a token issued too long ago', () => ({ iat: Math.floor(t.clock.now().getTime() / 1000) - 3600 })],
    ['a token for another client', () => ({ aud: 'someone-else' })],
    ['a token from another issuer', () => ({ iss: 'https://evil.example' })],
    ['several audiences without Lectern as azp', () => ({ aud: [platform.clientId, 'other'], azp: 'other' })],
    ['another login’s nonce', () => ({ nonce: 'not-this-one' })],
  ])('refuses %s', async (_name, overrides) => {
    expectRefusal((await launch(someone(), { overrides: overrides() })).res, 401, LTI_REFUSALS.badToken);
  });

  it('refuses a deployment the platform did not register, and other message types or versions', async () => {
    const deployment = { 'https://purl.imsglobal.org/spec/lti/claim/deployment_id': 'deployment-9' };
    expectRefusal(
      (await launch(someone(), { overrides: deployment })).res,
      403,
      LTI_REFUSALS.unknownDeployment,
    );
    const version = { 'https://purl.imsglobal.org/spec/lti/claim/version': '1.1' };
    expectRefusal(
      (await launch(someone(), { overrides: version })).res,
      400,
      LTI_REFUSALS.unsupportedMessage,
    );
  });

  it('uses a state once, and only in the browser that started the login', async () => {
    const first = await launch(someone());
    codeOf(first.res);
    expectRefusal(await first.post(), 400, LTI_REFUSALS.staleState);
    expectRefusal((await launch(someone(), { sameBrowser: false })).res, 400, LTI_REFUSALS.otherBrowser);
  });

  it('refuses a login initiation from an unknown issuer or for an unknown deployment', async () => {
    const initiation = platform.initiation(someone());
    const unknown = await t.app.inject({
      method: 'GET',
      url: `/lti/login?${new URLSearchParams({ ...initiation, iss: 'https://unknown.example' })}`,
    });
    expectRefusal(unknown, 400, LTI_REFUSALS.unknownPlatform);
    const deployment = await t.app.inject({
      method: 'POST',
      url: '/lti/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ ...initiation, lti_deployment_id: 'deployment-9' }).toString(),
    });
    expectRefusal(deployment, 403, LTI_REFUSALS.unknownDeployment);
    const missing = await t.app.inject({ method: 'GET', url: '/lti/login?iss=x' });
    expectRefusal(missing, 400, LTI_REFUSALS.badRequest);
  });
});

describe("the platform's keys", () => {
  it('fetches the key set again for a key it has not seen (a rotation)', async () => {
    await signedIn((await launch(person([ROLE.instructor], 'rotation'))).res);
    const fetches = platform.jwksFetches;
    await platform.rotate();
    t.clock.advance(31_000); // past the refetch cool-down
    await signedIn((await launch(person([ROLE.instructor], 'rotation'))).res);
    expect(platform.jwksFetches).toBe(fetches + 1);
  });

  it('still verifies with the keys it has while the platform’s JWKS is down; a new key then fails cleanly', async () => {
    await signedIn((await launch(person([ROLE.instructor], 'jwks-down'))).res);
    platform.setJwksUp(false);
    try {
      await signedIn((await launch(person([ROLE.instructor], 'jwks-down'))).res);
      await platform.rotate();
      expectRefusal((await launch(person([ROLE.instructor], 'jwks-down'))).res, 401, LTI_REFUSALS.badToken);
    } finally {
      platform.setJwksUp(true);
    }
  });
});

describe('framing', () => {
  it('lets the registered platforms’ pages frame Lectern, and no one else', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/courses' });
    expect(before.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(before.headers['x-frame-options']).toBe('DENY');
    await refreshFraming(t.app, t.db);
    const after = await t.app.inject({ method: 'GET', url: '/courses' });
    expect(after.headers['content-security-policy']).toContain(
      `frame-ancestors 'self' ${platform.base} https://lms.example.edu;`,
    );
    // The deep-linking picker posts its answer to the LMS's pages, and nowhere else.
    expect(after.headers['content-security-policy']).toContain(
      `form-action 'self' ${platform.base} https://lms.example.edu`,
    );
    // X-Frame-Options cannot name origins: it is left out rather than contradict the policy.
    expect(after.headers['x-frame-options']).toBeUndefined();
  });
});

describe("Lectern's own keys", () => {
  it('publishes public RSA keys only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/lti/jwks' });
    expect(res.statusCode).toBe(200);
    const { keys } = res.json<{ keys: Record<string, string>[] }>();
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      expect(key).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
      expect(key.kid).toBeTruthy();
      expect(key).not.toHaveProperty('d');
    }
  });
});
