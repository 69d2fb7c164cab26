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
import { currentUser } from '../../plugins/auth';
import { NO_CONTENT } from '../../plugins/openapi';
import { logSecurityEvent } from '../../plugins/security-events';
import { PER_MINUTE } from '../../plugins/rate-limit';
import { type Feature, typed } from '../feature';
import { createAuthService } from './auth.service';
import { toUserDto } from './user.mapper';

const byIp = { keyGenerator: (req: { ip: string }) => `ip:${req.ip}` };

export const authRoutes: Feature = (app, deps) => {
  const auth = createAuthService(deps);
  const r = typed(app);

  r.get('/api/login', { schema: { response: { 200: UserDto } }, config: { auth: 'user' } }, async (req) =>
    toUserDto(currentUser(req)),
  );

  r.post(
    '/api/login',
    {
      schema: { body: LoginBody, response: { 200: LoginAnswer } },
      // A class of 500 behind one campus NAT logs in at the start of a lecture, thrice over (SECURITY
      // RL-1); failures are throttled separately (login-throttle.ts).
      config: { auth: 'public', rateLimit: { ...byIp, max: 1500, timeWindow: 5 * PER_MINUTE } },
    },
    async (req, reply) => {
      try {
        const { answer, deviceCookie } = await auth.login(req.body, req.ip, req.headers.cookie);
        logSecurityEvent(req, 'login.success', { userId: answer.id });
        void reply.header('set-cookie', deviceCookie);
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
