import { describe, expect, it } from 'vitest';
import type { LoginAnswer, LtiPlatform, LtiPlatformsAnswer, UserDto } from '@lectern/shared';
import { appFixture } from '../../../test/fixture';
import { createUser, type TestUser } from '../../../test/factories';
import { lmsPerson, ltiLaunches } from '../../../test/lti-launches';
import { ROLE, type ReferencePlatform, startReferencePlatform } from '../../../test/lti-platform';

// The installation admin's LTI platforms (issue 23, /api/admin/lti/platforms): only an account whose
// verified e-mail is in LECTERN_ADMIN_EMAILS gets in; a platform registered here launches at once.

const PATH = '/api/admin/lti/platforms';
const ADMIN = 'root@admins.lectern';
const UNPROVEN = 'unproven@admins.lectern';

const { t, w } = appFixture(
  async (t) => ({
    admin: await createUser(t.app, { email: ADMIN }),
    // Its address is on the list but was never proven: it counts for nothing.
    unproven: await createUser(t.app, { email: UNPROVEN, verified: false }),
    someone: await createUser(t.app),
  }),
  { app: { env: { LECTERN_ADMIN_EMAILS: ` ${ADMIN.toUpperCase()}, ${UNPROVEN}` } } },
);

const send = (who: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${who.token}` }, payload });

const registrationOf = (p: ReferencePlatform, extra: object = {}) => ({
  name: 'Reference LMS',
  issuer: p.issuer,
  clientId: p.clientId,
  deploymentIds: [p.deploymentId],
  authLoginUrl: p.authLoginUrl,
  accessTokenUrl: p.accessTokenUrl,
  jwksUrl: p.jwksUrl,
  frameOrigins: [`${p.base}/some/page`],
  trustEmail: true,
  ...extra,
});

const manual = {
  name: 'Moodle',
  issuer: 'https://moodle.example.edu',
  clientId: 'abc',
  deploymentIds: ['1'],
  authLoginUrl: 'https://moodle.example.edu/mod/lti/auth.php',
  accessTokenUrl: 'https://moodle.example.edu/mod/lti/token.php',
  jwksUrl: 'https://moodle.example.edu/mod/lti/certs.php',
  frameOrigins: [],
  trustEmail: false,
};

describe('who may manage LTI platforms', () => {
  it('refuses anyone but an installation admin with a proven address', async () => {
    for (const who of [w.someone, w.unproven]) {
      expect((await send(who, 'GET', PATH)).statusCode).toBe(403);
      const refused = await send(who, 'POST', PATH, manual);
      expect(refused.statusCode).toBe(403);
      expect(refused.body).toMatch(/administrator of this Lectern installation/);
    }
    expect((await t.app.inject({ method: 'GET', url: PATH })).statusCode).toBe(401);
    const list = await send(w.admin, 'GET', PATH);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<LtiPlatformsAnswer>().tool).toEqual({
      loginUrl: `${t.config.publicUrl}/lti/login`,
      launchUrl: `${t.config.publicUrl}/lti/launch`,
      jwksUrl: `${t.config.publicUrl}/lti/jwks`,
    });
  });
});

describe('the session tells the web app who administers the installation', () => {
  it('in GET /api/login and in the login answer: only the verified listed address', async () => {
    const flagOf = async (who: TestUser) =>
      (await send(who, 'GET', '/api/login')).json<UserDto>().installationAdmin;
    expect(await flagOf(w.admin)).toBe(true);
    expect(await flagOf(w.unproven)).toBe(false);
    expect(await flagOf(w.someone)).toBe(false);
    const login = (email: string) =>
      t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password: w.admin.password } });
    expect((await login(ADMIN)).json<LoginAnswer>().user.installationAdmin).toBe(true);
    expect((await login(UNPROVEN)).json<LoginAnswer>().user.installationAdmin).toBe(false);
  });
});

describe('an installation admin', () => {
  it('is told what is wrong with a registration', async () => {
    const res = await send(w.admin, 'POST', PATH, {
      ...manual,
      deploymentIds: [],
      jwksUrl: 'ftp://moodle.example.edu/certs',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Give at least one deployment id');
    expect(res.body).toContain('Give an http(s) URL');
  });

  it('registers, edits and removes a platform; the same issuer and client id twice is a conflict', async () => {
    const added = await send(w.admin, 'POST', PATH, manual);
    expect(added.statusCode, added.body).toBe(201);
    const platform = added.json<LtiPlatform>();
    expect(platform).toMatchObject({ name: 'Moodle', deploymentIds: ['1'], trustEmail: false });

    const twice = await send(w.admin, 'POST', PATH, { ...manual, name: 'Moodle again' });
    expect(twice.statusCode).toBe(409);
    expect(twice.body).toMatch(/issuer and client id is registered already/);

    const edited = await send(w.admin, 'PUT', `${PATH}/${platform.id}`, {
      ...manual,
      deploymentIds: ['1', '2'],
      frameOrigins: ['https://moodle.example.edu/course/view.php'],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<LtiPlatform>()).toMatchObject({
      deploymentIds: ['1', '2'],
      frameOrigins: ['https://moodle.example.edu'],
    });
    // Framing follows at once, not after the minute's refresh.
    const page = await t.app.inject({ method: 'GET', url: '/courses' });
    expect(page.headers['content-security-policy']).toContain('https://moodle.example.edu');

    const listed = (await send(w.admin, 'GET', PATH)).json<LtiPlatformsAnswer>().platforms;
    expect(listed.map((p) => p.id)).toContain(platform.id);

    expect((await send(w.admin, 'DELETE', `${PATH}/${platform.id}`)).statusCode).toBe(200);
    expect((await send(w.admin, 'DELETE', `${PATH}/${platform.id}`)).statusCode).toBe(404);
    const gone = (await send(w.admin, 'GET', PATH)).json<LtiPlatformsAnswer>().platforms;
    expect(gone.map((p) => p.id)).not.toContain(platform.id);
    const after = await t.app.inject({ method: 'GET', url: '/courses' });
    expect(after.headers['content-security-policy']).not.toContain('https://moodle.example.edu');
  });

  it('adds a platform that launches a learner into Lectern straight away', async () => {
    const lms = await startReferencePlatform(`${t.config.publicUrl}/lti/launch`, {
      clock: t.clock.now,
      toolKeys: async () => (await t.app.inject({ method: 'GET', url: '/lti/jwks' })).json(),
    });
    try {
      const added = await send(w.admin, 'POST', PATH, registrationOf(lms));
      expect(added.statusCode, added.body).toBe(201);
      const { launch, signedIn } = ltiLaunches(t, () => lms);
      const teacher = await signedIn((await launch(lmsPerson([ROLE.instructor], 'admin-page'))).res);
      const learner = await signedIn((await launch(lmsPerson([ROLE.learner], 'admin-page'))).res);
      expect(learner.target).toBe(teacher.target);
      expect(learner.id).not.toBe(teacher.id);
    } finally {
      await lms.close();
    }
  });
});
