import { NotificationQueryBody, SUCCESS, UpdateNotificationBody, UpdatePasswordBody } from '@lectern/shared';
import { currentUser } from '../../plugins/auth';
import { logSecurityEvent } from '../../plugins/security-events';
import { type Feature, typed } from '../feature';
import { createAccountService } from './account.service';

export const accountRoutes: Feature = (app, deps) => {
  const account = createAccountService(deps);
  const r = typed(app);

  r.put(
    '/api/login/updatePassword',
    { schema: { body: UpdatePasswordBody }, config: { auth: 'user' } },
    async (req) => {
      const changed = await account.updatePassword(currentUser(req), req.sessionId!, req.body);
      if (changed.passwordChanged) logSecurityEvent(req, 'password.change');
      if (changed.emailChanged) logSecurityEvent(req, 'email.change');
      return { message: SUCCESS.passwordUpdated };
    },
  );

  r.post(
    '/api/notification',
    { schema: { body: NotificationQueryBody }, config: { auth: 'user' } },
    async (req) => account.notificationPreferences(currentUser(req), req.body.userId),
  );

  r.post(
    '/api/notification/update-notification',
    { schema: { body: UpdateNotificationBody }, config: { auth: 'user' } },
    async (req) => {
      await account.updateNotificationPreferences(currentUser(req), req.body);
      return { message: SUCCESS.notificationsUpdated };
    },
  );
};
