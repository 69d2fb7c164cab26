import type { NotificationPreferences, UpdateNotificationBody, UpdatePasswordBody } from '@lectern/shared';
import type { AppDeps } from '../../app-deps';
import { forbidden, notFound, unauthorized } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import type { AuthUser } from '../../plugins/auth';
import { deleteUserSessions, findUserByEmail, findUserById, updateUser } from '../auth/public';

/** The server acts as the token's user: a body naming anyone else is refused (DESIGN §5.1). */
function assertSelf(caller: AuthUser, userId: string): void {
  if (userId !== caller.id) throw forbidden('You can only change your own account');
}

export function createAccountService({ db, mail }: AppDeps) {
  async function loadSelf(caller: AuthUser, userId: string) {
    assertSelf(caller, userId);
    const user = await findUserById(db, caller.id);
    if (!user) throw notFound('User not found');
    return user;
  }

  return {
    /** Changes the password and/or the email; both need the current password (SECURITY AUTH-4). */
    async updatePassword(
      caller: AuthUser,
      sessionId: string,
      body: UpdatePasswordBody,
    ): Promise<{ passwordChanged: boolean; emailChanged: boolean }> {
      const user = await loadSelf(caller, body.userId);
      if (!(await verifyPassword(user.passwordHash, body.oldPassword)))
        throw unauthorized('Incorrect current password');
      const newEmail =
        body.email && body.email.toLowerCase() !== user.email.toLowerCase() ? body.email : undefined;
      // Another account's address is never taken over (SECURITY AUTH-4).
      if (newEmail && (await findUserByEmail(db, newEmail)))
        throw forbidden('That email belongs to another account');
      const passwordHash = body.newPassword ? await hashPassword(body.newPassword) : undefined;
      await db.transaction(async (tx) => {
        await updateUser(tx, user.id, { email: newEmail, passwordHash });
        // A changed password ends every other session (SECURITY SESS-3).
        if (passwordHash) await deleteUserSessions(tx, user.id, sessionId);
        if (newEmail) {
          await mail.send(tx, {
            to: user.email,
            subject: 'Your Lectern email address was changed',
            text: `The email address of your Lectern account was changed to ${newEmail}. If this was not you, contact your course staff.\n`,
          });
        }
        if (passwordHash) {
          await mail.send(tx, {
            to: newEmail ?? user.email,
            subject: 'Your Lectern password was changed',
            text: 'The password of your Lectern account was just changed. If this was not you, reset it at once.\n',
          });
        }
      });
      return { passwordChanged: Boolean(passwordHash), emailChanged: Boolean(newEmail) };
    },

    async notificationPreferences(caller: AuthUser, userId: string): Promise<NotificationPreferences> {
      const user = await loadSelf(caller, userId);
      return {
        receiveEmailsSubmittingQuestion: user.receiveEmailsSubmittingQuestion,
        receiveEmailsAnsweredQuestion: user.receiveEmailsAnsweredQuestion,
      };
    },

    async updateNotificationPreferences(caller: AuthUser, body: UpdateNotificationBody): Promise<void> {
      const user = await loadSelf(caller, body.userId);
      await updateUser(db, user.id, {
        receiveEmailsSubmittingQuestion: body.receiveEmailsSubmittingQuestion,
        receiveEmailsAnsweredQuestion: body.receiveEmailsAnsweredQuestion,
      });
    },
  };
}
