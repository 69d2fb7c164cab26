import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LtiHandoverAnswer, PublicConfig } from '@lectern/shared';
import { externalIdentities, ssoLogins, users } from '../../db/schema';
import { type CampusIdp, type CampusPerson, startCampusIdp } from '../../../test/campus-idp';
import { createUser } from '../../../test/factories';
import { appFixture } from '../../../test/fixture';
import type { TestApp } from '../../../test/test-app';
import { hashToken } from '../../lib/tokens';
import { PASSWORD_LOGIN_OFF } from '../auth/auth.routes';
import { LINK_OFFERED, SSO_REFUSALS } from './sso.routes';

// Campus single sign-on (issue 23) against a real OpenID provider (oidc-provider, test/campus-idp.ts) on a
// real port: the authorization request, the provider's answer, the code's redemption with PKCE, and the
// web app's trade of the one-time code for a session.

const PUBLIC_URL = 'http://lectern.test';
let idp: CampusIdp;
beforeAll(async () => {
  idp = await startCampusIdp(`${PUBLIC_URL}/sso/callback`);
});
afterAll(() => idp?.close());

const oidcEnv = (extra: Record<string, string> = {}) => ({
  env: {
    PUBLIC_URL,
    OIDC_ISSUER: idp.issuer,
    OIDC_CLIENT_ID: idp.clientId,
    OIDC_CLIENT_SECRET: idp.clientSecret,
    OIDC_NAME: 'State University',
    ...extra,
  },
});

const person = (extra: Partial<CampusPerson> = {}): CampusPerson => ({
  sub: randomUUID(),
  name: 'Grace Hopper',
  email: `${randomUUID()}@campus.example.edu`,
  emailVerified: true,
  ...extra,
});

const cookiePair = (setCookie: unknown) => String(setCookie).split(';')[0]!;

/** A sign-on as a browser makes it; `tamper` changes the callback (or the stored sign-on) before it. */
async function signOn(
  t: TestApp,
  who: CampusPerson,
  tamper: {
    callback?: (url: URL) => void;
    sameBrowser?: boolean;
    stored?: (state: string) => Promise<void>;
  } = {},
) {
  const start = await t.app.inject({ method: 'GET', url: '/sso/login' });
  expect(start.statusCode, start.body).toBe(302);
  const cookie = cookiePair(start.headers['set-cookie']);
  const callback = await idp.authorize(String(start.headers.location), who);
  await tamper.stored?.(callback.searchParams.get('state')!);
  tamper.callback?.(callback);
  const answer = () =>
    t.app.inject({
      method: 'GET',
      url: `${callback.pathname}${callback.search}`,
      headers: tamper.sameBrowser === false ? {} : { cookie },
    });
  return { res: await answer(), again: answer };
}

/** The handover's code from the callback's redirect, traded for a session as /lti/enter does. */
async function enter(t: TestApp, location: unknown) {
  const code = /^\/lti\/enter#code=(.+)$/.exec(String(location))?.[1];
  expect(code, String(location)).toBeTruthy();
  const res = await t.app.inject({ method: 'POST', url: '/api/lti/handover', payload: { code } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<LtiHandoverAnswer>();
}

const identitiesOf = (t: TestApp, subject: string) =>
  t.db.select().from(externalIdentities).where(eq(externalIdentities.subject, subject));
const userCount = async (t: TestApp) => (await t.db.select({ id: users.id }).from(users)).length;

describe('campus sign-on', () => {
  const { t } = appFixture(async () => ({}), { app: () => oidcEnv() });

  it('tells the web app the provider is on, by name, and that password login is on', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.json<PublicConfig>()).toMatchObject({
      sso: { name: 'State University' },
      passwordLogin: true,
    });
  });

  it('makes the account on the first sign-on and signs the same account in on the next', async () => {
    const grace = person();
    const first = await signOn(t, grace);
    expect(first.res.statusCode, first.res.body).toBe(303);
    const session = await enter(t, first.res.headers.location);
    expect(session.user).toMatchObject({ name: 'Grace Hopper', email: grace.email });
    expect(await identitiesOf(t, grace.sub)).toEqual([
      expect.objectContaining({ issuer: idp.issuer, userId: session.id }),
    ]);

    const second = await signOn(t, grace);
    expect((await enter(t, second.res.headers.location)).id).toBe(session.id);
  });

  it('never links an existing account by its address alone, and links it after its password', async () => {
    const owner = await createUser(t.app, { email: `${randomUUID()}@campus.example.edu` });
    const claimant = person({ email: owner.email });
    const before = await userCount(t);

    const { res } = await signOn(t, claimant);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(LINK_OFFERED.title);
    expect(res.headers.location).toBeUndefined();
    expect(await identitiesOf(t, claimant.sub)).toEqual([]);
    expect(await userCount(t)).toBe(before);
    const pending = [res.headers['set-cookie']]
      .flat()
      .find((c) => String(c).startsWith('lectern-pending-link='));
    expect(pending).toBeDefined();

    // Another account's password does not take the link.
    const other = await createUser(t.app);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { cookie: cookiePair(pending) },
      payload: { email: other.email, password: other.password },
    });
    expect(wrong.statusCode).toBe(200);
    expect(await identitiesOf(t, claimant.sub)).toEqual([]);

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { cookie: cookiePair(pending) },
      payload: { email: owner.email, password: owner.password },
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(await identitiesOf(t, claimant.sub)).toEqual([expect.objectContaining({ userId: owner.id })]);

    const after = await signOn(t, claimant);
    expect((await enter(t, after.res.headers.location)).id).toBe(owner.id);
  });

  describe('refuses a tampered answer with a page, and makes no account', () => {
    const refused = async (res: { statusCode: number; body: string }, message: string, who: CampusPerson) => {
      expect(res.statusCode).toBe(403);
      expect(res.body).toContain(message);
      expect(res.body).not.toMatch(/at .+\.ts/);
      expect(await identitiesOf(t, who.sub)).toEqual([]);
    };

    it('a state Lectern did not send', async () => {
      const who = person();
      const { res } = await signOn(t, who, {
        callback: (url) => url.searchParams.set('state', 'forged-state'),
      });
      await refused(res, SSO_REFUSALS.otherBrowser, who);
    });

    it('a state started in another browser', async () => {
      const who = person();
      const { res } = await signOn(t, who, { sameBrowser: false });
      await refused(res, SSO_REFUSALS.otherBrowser, who);
    });

    it('the same answer twice (the code reused)', async () => {
      const who = person();
      const { res, again } = await signOn(t, who);
      expect(res.statusCode).toBe(303);
      const replay = await again();
      expect(replay.statusCode).toBe(403);
      expect(replay.body).toContain(SSO_REFUSALS.staleState);
    });

    it('an answer naming another issuer', async () => {
      const who = person();
      const { res } = await signOn(t, who, {
        callback: (url) => url.searchParams.set('iss', 'https://evil.example'),
      });
      await refused(res, SSO_REFUSALS.badAnswer, who);
    });

    it('a PKCE verifier that does not match the challenge', async () => {
      const who = person();
      const { res } = await signOn(t, who, {
        stored: (state) => setStored(t, state, { codeVerifier: 'x'.repeat(43) }),
      });
      await refused(res, SSO_REFUSALS.badAnswer, who);
    });

    it('an id_token whose nonce is not the one sent', async () => {
      const who = person();
      const { res } = await signOn(t, who, {
        stored: (state) => setStored(t, state, { nonce: 'another-nonce' }),
      });
      await refused(res, SSO_REFUSALS.badAnswer, who);
    });
  });
});

const setStored = async (t: TestApp, state: string, values: { codeVerifier?: string; nonce?: string }) => {
  await t.db
    .update(ssoLogins)
    .set(values)
    .where(eq(ssoLogins.stateHash, hashToken(state)));
};

describe('an SSO-only campus (PASSWORD_LOGIN=off)', () => {
  const { t } = appFixture(async () => ({}), { app: () => oidcEnv({ PASSWORD_LOGIN: 'off' }) });

  it('refuses password login and signup, and says so to the web app', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'someone@campus.example.edu', password: 'correct horse battery' },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toMatchObject({ error: PASSWORD_LOGIN_OFF });
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/signup/',
      payload: { name: 'Someone', email: 'someone@campus.example.edu', password: 'correct horse battery' },
    });
    expect(signup.statusCode).toBe(403);
    const config = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json<PublicConfig>()).toMatchObject({
      passwordLogin: false,
      sso: { name: 'State University' },
    });
  });

  it('still signs people in through the campus provider', async () => {
    const { res } = await signOn(t, person());
    expect(res.statusCode, res.body).toBe(303);
  });
});
