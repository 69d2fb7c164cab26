import type { FastifyInstance } from 'fastify';
import {
  ACCOUNT_SECURITY,
  AccountMessageAnswer,
  EmailStatus,
  NotificationPreferences,
  NotificationQueryBody,
  SUCCESS,
  UpdateNotificationBody,
  UpdatePasswordBody,
  VerifyEmailBody,
} from '@lectern/shared';
import { currentUser } from '../../plugins/auth';
import { PER_MINUTE } from '../../plugins/rate-limit';
import { logSecurityEvent } from '../../plugins/security-events';
import type { AppDeps } from '../../app-deps';
import type { AuthFeature } from '../auth/public';
import { typed } from '../feature';
import { createAccountService } from './account.service';

export function accountRoutes(app: FastifyInstance, deps: AppDeps, auth: AuthFeature): void {
  const account = createAccountService(deps, auth);
  const r = typed(app);

  r.put(
    '/api/login/updatePassword',
    {
      schema: { body: UpdatePasswordBody, response: { 200: AccountMessageAnswer } },
      config: { auth: 'user' },
    },
    async (req) => {
      const changed = await account.updatePassword(currentUser(req), req.sessionId!, req.body);
      if (changed.passwordChanged) logSecurityEvent(req, 'password.change');
      if (changed.emailChanged) logSecurityEvent(req, 'email.change');
      return { message: SUCCESS.passwordUpdated };
    },
  );

  r.post(
    '/api/notification',
    {
      schema: { body: NotificationQueryBody, response: { 200: NotificationPreferences } },
      config: { auth: 'user' },
    },
    async (req) => account.notificationPreferences(currentUser(req), req.body.userId),
  );

  r.post(
    '/api/notification/update-notification',
    {
      schema: { body: UpdateNotificationBody, response: { 200: AccountMessageAnswer } },
      config: { auth: 'user' },
    },
    async (req) => {
      await account.updateNotificationPreferences(currentUser(req), req.body);
      return { message: SUCCESS.notificationsUpdated };
    },
  );

  // Address verification (issue 12).
  r.get(
    '/api/account/email',
    { schema: { response: { 200: EmailStatus } }, config: { auth: 'user' } },
    async (req) => account.emailStatus(currentUser(req)),
  );

  r.post(
    '/api/account/resend-verification',
    { schema: { response: { 200: AccountMessageAnswer } }, config: { auth: 'user' } },
    async (req) => {
      await account.resendVerification(currentUser(req));
      return { message: ACCOUNT_SECURITY.verificationSent };
    },
  );

  r.post(
    '/api/account/verify-email',
    {
      schema: { body: VerifyEmailBody, response: { 200: AccountMessageAnswer } },
      config: {
        auth: 'public',
        rateLimit: { keyGenerator: (req) => `ip:${req.ip}`, max: 30, timeWindow: 5 * PER_MINUTE },
      },
    },
    async (req) => {
      const userId = await account.verifyEmail(req.body.token);
      logSecurityEvent(req, 'email.verified', { userId });
      return { message: ACCOUNT_SECURITY.emailVerified };
    },
  );
}
