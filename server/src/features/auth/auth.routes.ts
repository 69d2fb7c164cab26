import {
  ForgotPasswordBody,
  LoginAnswer,
  LoginBody,
  MessageAnswer,
  ResetPasswordBody,
  SUCCESS,
  SignupBody,
  UserDto,
} from '@lectern/shared';
import { forbidden } from '../../lib/errors';
import { currentUser } from '../../plugins/auth';
import { NO_CONTENT } from '../../plugins/openapi';
import { logSecurityEvent } from '../../plugins/security-events';
import { PER_MINUTE } from '../../plugins/rate-limit';
import { type Feature, typed } from '../feature';
import { createAuthService } from './auth.service';
import { isInstallationAdmin } from './installation-admin';
import { completeLink, pendingLinkCookie, pendingLinkToken } from './pending-links';
import { toUserDto } from './user.mapper';

const byIp = { keyGenerator: (req: { ip: string }) => `ip:${req.ip}` };

/** PASSWORD_LOGIN=off: an SSO-only campus (issue 23). */
export const PASSWORD_LOGIN_OFF =
  'This Lectern signs people in through the campus sign-on only: use its button on the login page.';

export const authRoutes: Feature = (app, deps) => {
  const auth = createAuthService(deps);
  const r = typed(app);
  const secure = deps.config.publicUrl.startsWith('https:');

  r.get('/api/login', { schema: { response: { 200: UserDto } }, config: { auth: 'user' } }, async (req) => {
    const user = currentUser(req);
    return toUserDto(user, await isInstallationAdmin(deps, user.id));
  });

  r.post(
    '/api/login',
    {
      schema: { body: LoginBody, response: { 200: LoginAnswer } },
      // A class of 500 behind one campus NAT logs in at the start of a lecture, thrice over (SECURITY
      // RL-1); failures are throttled separately (login-throttle.ts).
      config: { auth: 'public', rateLimit: { ...byIp, max: 1500, timeWindow: 5 * PER_MINUTE } },
    },
    async (req, reply) => {
      if (!deps.config.passwordLogin) throw forbidden(PASSWORD_LOGIN_OFF);
      try {
        const { answer, deviceCookie } = await auth.login(req.body, req.ip, req.headers.cookie);
        logSecurityEvent(req, 'login.success', { userId: answer.id });
        const linkToken = pendingLinkToken(req.headers.cookie);
        if (linkToken && (await completeLink(deps.db, linkToken, answer.id, deps.clock()))) {
          logSecurityEvent(req, 'sso.linked', { userId: answer.id });
        }
        const cleared = linkToken ? [pendingLinkCookie('', 0, secure)] : [];
        void reply.header('set-cookie', [deviceCookie, ...cleared]);
        return answer;
      } catch (error) {
        logSecurityEvent(req, 'login.failure', { email: req.body.email });
        throw error;
      }
    },
  );

  r.post(
    '/api/signup/',
    {
      schema: { body: SignupBody, response: { 201: LoginAnswer } },
      config: { auth: 'public', rateLimit: { ...byIp, max: 1000, timeWindow: 60 * PER_MINUTE } },
    },
    async (req, reply) => {
      if (!deps.config.passwordLogin) throw forbidden(PASSWORD_LOGIN_OFF);
      const answer = await auth.signup(req.body);
      logSecurityEvent(req, 'signup', { userId: answer.id });
      return reply.code(201).send(answer);
    },
  );

  r.post('/api/logout', { config: { auth: 'user', rawAnswer: NO_CONTENT } }, async (req, reply) => {
    await auth.logout(req.user!.id, req.sessionId!);
    logSecurityEvent(req, 'logout');
    return reply.code(204).send();
  });

  r.post(
    '/api/auth/forgot-password',
    {
      schema: { body: ForgotPasswordBody, response: { 200: MessageAnswer } },
      config: { auth: 'public', rateLimit: { ...byIp, max: 3, timeWindow: 5 * PER_MINUTE } },
    },
    async (req) => {
      await auth.requestPasswordReset(req.body.email, req.ip);
      logSecurityEvent(req, 'reset.requested', { email: req.body.email });
      return { message: SUCCESS.resetLinkSent };
    },
  );

  r.post(
    '/api/auth/reset-password',
    {
      schema: { body: ResetPasswordBody, response: { 200: MessageAnswer } },
      config: { auth: 'public', rateLimit: { ...byIp, max: 30, timeWindow: 5 * PER_MINUTE } },
    },
    async (req) => {
      const userId = await auth.resetPassword(req.body.token, req.body.password, req.ip);
      logSecurityEvent(req, 'reset.completed', { userId });
      return { message: SUCCESS.passwordReset };
    },
  );
};
