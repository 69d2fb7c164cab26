import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import type { LtiHandoverAnswer } from '@lectern/shared';
import { savePlatform } from '../src/features/lti/platforms.repository';
import {
  type LmsMessage,
  type LmsPerson,
  type ReferencePlatform,
  startReferencePlatform,
} from './lti-platform';
import { type FixtureOptions, appFixture } from './fixture';
import type { TestApp } from './test-app';

// LTI launches as a browser makes them, against the reference platform (lti-platform.ts), for the API
// tests: the login initiation, the platform's authorization, the form post, and the web app's trade of the
// one-time code for a session.

export interface LaunchOptions {
  /** What the launch is: the course's resource link unless told. */
  message?: LmsMessage;
  /** Claims the platform puts in (or over) the id_token. */
  overrides?: Record<string, unknown>;
  /** Send the browser's state cookie back (true), or launch from a browser without it. */
  sameBrowser?: boolean;
  /** Replace the id_token the platform made. */
  idToken?: (made: string) => Promise<string> | string;
}

/**
 * Starts the reference platform for the app, on its clock and reading Lectern's keys from its /lti/jwks,
 * and registers it as `npm run lti -- add-platform` would (trusted for e-mail).
 */
export async function registerReferencePlatform(t: TestApp): Promise<ReferencePlatform> {
  const platform = await startReferencePlatform(`${t.config.publicUrl}/lti/launch`, {
    clock: t.clock.now,
    toolKeys: async () => (await t.app.inject({ method: 'GET', url: '/lti/jwks' })).json(),
  });
  await savePlatform(t.db, {
    name: 'Reference LMS',
    issuer: platform.issuer,
    clientId: platform.clientId,
    deploymentIds: [platform.deploymentId],
    authLoginUrl: platform.authLoginUrl,
    accessTokenUrl: platform.accessTokenUrl,
    jwksUrl: platform.jwksUrl,
    // Its pages' origin, where deep-linking answers return, and another one an LMS's pages might use.
    frameOrigins: [platform.base, 'https://lms.example.edu'],
    trustEmail: true,
  });
  return platform;
}

/** Someone of an LMS course, named Ada Lovelace unless told. */
export const lmsPerson = (roles: string[], context: string, extra: Partial<LmsPerson> = {}): LmsPerson => ({
  sub: randomUUID(),
  name: 'Ada Lovelace',
  roles,
  context: { id: context, title: `Course ${context}` },
  ...extra,
});

const ENTER = /^\/lti\/enter#code=([\w-]+)(?:&picker=([\w-]+))?$/;

export function ltiLaunches(t: TestApp, platform: () => ReferencePlatform) {
  /** One launch: initiation, the platform's authorization, the form post (again with `post`). */
  async function launch(who: LmsPerson, options: LaunchOptions = {}) {
    const initiation = await t.app.inject({
      method: 'GET',
      url: `/lti/login?${new URLSearchParams(platform().initiation(who, options.message))}`,
    });
    expect(initiation.statusCode, initiation.body).toBe(302);
    const cookie = String(initiation.headers['set-cookie']).split(';')[0]!;
    const form = await platform().authorize(String(initiation.headers.location), who, options.overrides);
    if (options.idToken) form.id_token = await options.idToken(form.id_token);
    const post = () =>
      t.app.inject({
        method: 'POST',
        url: '/lti/launch',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          ...(options.sameBrowser === false ? {} : { cookie }),
        },
        payload: new URLSearchParams(form).toString(),
      });
    return { res: await post(), post };
  }

  /** The handover code (and a deep link's picker token) of a launch's answer. */
  const codesOf = (res: LightMyRequestResponse) => {
    expect(res.statusCode, res.body).toBe(303);
    const [, code, picker] = ENTER.exec(String(res.headers.location)) ?? [];
    expect(code, String(res.headers.location)).toBeTruthy();
    return { code: code!, picker };
  };
  const codeOf = (res: LightMyRequestResponse) => codesOf(res).code;

  const handover = (code: string) =>
    t.app.inject({ method: 'POST', url: '/api/lti/handover', payload: { code } });

  async function signedIn(res: LightMyRequestResponse): Promise<LtiHandoverAnswer> {
    const answer = await handover(codeOf(res));
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<LtiHandoverAnswer>();
  }

  return { launch, codesOf, codeOf, handover, signedIn };
}

/** A refusal: its status, the page's sentence, and no trace of the server's insides. */
export function expectRefusalPage(res: LightMyRequestResponse, status: number, message: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  expect(res.body).toContain(message.replace(/'/g, '&#39;'));
  expect(res.body).not.toMatch(/\bat .+\.(ts|js):\d+/);
}

/**
 * An app with the reference platform registered (for the file's life), and launches against it. `platform`
 * stands for the platform started in beforeAll, so tests use it as the platform itself.
 */
export function ltiFixture(options: FixtureOptions = {}) {
  const { t } = appFixture(async () => ({}), options);
  let started: ReferencePlatform | undefined;
  beforeAll(async () => {
    started = await registerReferencePlatform(t);
  });
  afterAll(() => started?.close());
  const platform = new Proxy({} as ReferencePlatform, {
    get: (_target, key) => Reflect.get(started!, key),
  });
  return { t, platform, ...ltiLaunches(t, () => platform) };
}
