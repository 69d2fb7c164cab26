import type { FastifyReply, FastifyRequest } from 'fastify';
import { hasCookie } from '../../lib/cookies';
import { PER_MINUTE } from '../../plugins/rate-limit';
import { logSecurityEvent } from '../../plugins/security-events';
import type { Feature } from '../feature';
import { LaunchForm, LAUNCH_PATH, LoginInitiation, createLaunchService } from './launch.service';
import { LTI_REFUSALS, LtiRefusal, refusalPage } from './lti-refusal';
import { DEEP_LINK_PATH, deepLinkRequests, pickerCookieName, stateCookieName } from './lti-state';
import type { GradebookSync } from './gradebook-sync';
import type { RosterSync } from './roster-sync';
import { publishedKeys } from './tool-keys';

const byIp = { keyGenerator: (req: { ip: string }) => `ip:${req.ip}` };
// A class launching at the start of a lecture from one campus NAT, each launch a login and a launch.
const launchLimit = {
  auth: 'public',
  rateLimit: { ...byIp, max: 3000, timeWindow: 5 * PER_MINUTE },
} as const;

/**
 * The cookie binding a state to this browser, sent back with the platform's cross-site form post: so
 * SameSite=None, which browsers take only with Secure (kept on http://localhost too), and Partitioned, so
 * that it is kept inside an LMS frame where third-party cookies are blocked. LTI tools are served over
 * HTTPS anyway.
 */
const frameCookie = (name: string, path: string, maxAge: number) =>
  `${name}=1; Path=${path}; Max-Age=${maxAge}; HttpOnly; Secure; SameSite=None; Partitioned`;
const stateCookie = (state: string, maxAge: number) =>
  frameCookie(stateCookieName(state), LAUNCH_PATH, maxAge);
/** The picker's answer comes from the same frame: the cookie binds the picker to it the same way. */
const pickerCookie = (picker: string) =>
  frameCookie(pickerCookieName(picker), DEEP_LINK_PATH, deepLinkRequests.maxAgeSeconds);

/**
 * LTI 1.3 (issue 23): the platform's third-party login initiation, the launch it posts back, and Lectern's
 * public keys. The first two are pages in the LMS frame: a refusal is an error page, logged as a security
 * event.
 */
export const launchRoutes =
  (roster: RosterSync, grades: GradebookSync): Feature =>
  (app, deps) => {
    const launches = createLaunchService(app, deps, roster, grades);

    // This scope only: the platform posts forms (the launch's id_token, a POSTed login initiation).
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 96 * 1024 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    app.setErrorHandler((error, req, reply) => {
      const refusal = error instanceof LtiRefusal ? error : new LtiRefusal(500, 'error', LTI_REFUSALS.failed);
      if (!(error instanceof LtiRefusal)) req.log.error({ err: error }, 'LTI request failed');
      logSecurityEvent(req, 'lti.refused', { reason: refusal.reason, status: refusal.status });
      return reply.code(refusal.status).type('text/html; charset=utf-8').send(refusalPage(refusal.message));
    });

    async function initiate(req: FastifyRequest, reply: FastifyReply, input: unknown) {
      const login = LoginInitiation.safeParse(input);
      if (!login.success) throw new LtiRefusal(400, 'login initiation', LTI_REFUSALS.badRequest);
      const { redirect, state, maxAgeSeconds } = await launches.initiateLogin(login.data);
      return reply.header('set-cookie', stateCookie(state, maxAgeSeconds)).redirect(redirect, 302);
    }
    app.get('/lti/login', { config: launchLimit }, (req, reply) => initiate(req, reply, req.query));
    app.post('/lti/login', { config: launchLimit }, (req, reply) => initiate(req, reply, req.body));

    app.post(LAUNCH_PATH, { config: launchLimit }, async (req, reply) => {
      const form = LaunchForm.safeParse(req.body);
      if (!form.success) throw new LtiRefusal(400, 'launch form', LTI_REFUSALS.badRequest);
      const cookie = stateCookieName(form.data.state);
      const launch = await launches.launch(form.data, hasCookie(req, cookie));
      const clearState = `${cookie}=; Path=${LAUNCH_PATH}; Max-Age=0`;
      // The codes travel in the fragment: browsers never send it to a server, so no log or Referer holds them.
      if (launch.picker) {
        logSecurityEvent(req, 'lti.deep_link.requested', { userId: launch.userId });
        return reply
          .header('set-cookie', [clearState, pickerCookie(launch.picker)])
          .redirect(`/lti/enter#code=${launch.code}&picker=${launch.picker}`, 303);
      }
      logSecurityEvent(req, 'lti.launch', {
        userId: launch.userId,
        courseId: launch.courseId ?? '',
        role: launch.role,
      });
      return reply.header('set-cookie', clearState).redirect(`/lti/enter#code=${launch.code}`, 303);
    });

    app.get('/lti/jwks', { config: { auth: 'public' } }, async (_req, reply) =>
      reply.header('cache-control', 'public, max-age=300').send(await publishedKeys(deps.db, deps.clock())),
    );
  };
