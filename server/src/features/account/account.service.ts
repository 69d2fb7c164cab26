import type {
  EmailStatus,
  NotificationPreferences,
  UpdateNotificationBody,
  UpdatePasswordBody,
} from '@lectern/shared';
import type { AppDeps } from '../../app-deps';
import { refuseCommonPassword } from '../../lib/common-passwords';
import { forbidden, notFound, unauthorized } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import type { AuthUser } from '../../plugins/auth';
import {
  type AuthFeature,
  addressToVerify,
  forgetSessionsOf,
  sendVerificationLink,
  takeVerificationMail,
  verifyEmail,
} from '../auth/public';

/** The server acts as the token's user: a body naming anyone else is refused (DESIGN §5.1). */
function assertSelf(caller: AuthUser, userId: string): void {
  if (userId !== caller.id) throw forbidden('You can only change your own account');
}

export function createAccountService(deps: AppDeps, auth: AuthFeature) {
  const { db, mail } = deps;
  const { addressHeldByOther, deleteUserSessions, findUserById, updateUser } = auth;
  async function loadSelf(caller: AuthUser, userId: string) {
    assertSelf(caller, userId);
    const user = await findUserById(db, caller.id);
    if (!user) throw notFound('User not found');
    return user;
  }

  return {
    /**
     * Changes the password and/or the email; both need the current password (SECURITY AUTH-4). A new
     * address is only requested: it takes over once proven by its link, and the old one serves until
     * then (issue 12). The answer is the same whether or not another account holds the address. A change
     * mails like a resend and shares its limit (issue 20).
     */
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
      if (body.newPassword) refuseCommonPassword(body.newPassword);
      if (newEmail) await takeVerificationMail(deps, user.id);
      const passwordHash = body.newPassword ? await hashPassword(body.newPassword) : undefined;
      await db.transaction(async (tx) => {
        if (passwordHash) {
          await updateUser(tx, user.id, { passwordHash });
          await deleteUserSessions(tx, user.id, sessionId); // ends every other session (SECURITY SESS-3)
        }
        if (newEmail) {
          // An unproven current address counts for nothing, so it is simply replaced; a proven one stays. An
          // address another account holds only waits, and can never be proven (one account per address).
          const replace = !user.emailVerifiedAt && !(await addressHeldByOther(tx, newEmail, user.id));
          await updateUser(tx, user.id, replace ? { email: newEmail } : { pendingEmail: newEmail });
          await sendVerificationLink(deps, tx, user.id, newEmail);
          await mail.send(tx, {
            to: user.email,
            subject: 'Your Lectern email address is being changed',
            text: `Someone with your password asked to change the email address of your Lectern account to ${newEmail}. It changes once confirmed from that address. If this was not you, change your password and contact your course staff.\n`,
          });
        }
        if (passwordHash) {
          await mail.send(tx, {
            to: user.email,
            subject: 'Your Lectern password was changed',
            text: 'The password of your Lectern account was just changed. If this was not you, reset it at once.\n',
          });
        }
      });
      // Committed: the other sessions are refused at their next request, and this one reads the new address.
      await forgetSessionsOf(deps, user.id);
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

    async emailStatus(caller: AuthUser): Promise<EmailStatus> {
      const user = await loadSelf(caller, caller.id);
      return { email: user.email, verified: Boolean(user.emailVerifiedAt), pendingEmail: user.pendingEmail };
    },

    /** Mails a fresh link to the address still to prove (nothing when there is none). */
    async resendVerification(caller: AuthUser): Promise<void> {
      const user = await loadSelf(caller, caller.id);
      const address = addressToVerify(user);
      if (!address) return;
      await takeVerificationMail(deps, user.id);
      await db.transaction((tx) => sendVerificationLink(deps, tx, user.id, address));
    },

    /** The link's target: anyone holding it may use it, logged in or not (it was mailed to the address). */
    verifyEmail: (token: string) => verifyEmail(deps, token),
  };
}
