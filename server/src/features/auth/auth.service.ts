import {
  ACCOUNT_SECURITY,
  PASSWORD_RESET_TTL_MS,
  type LoginAnswer,
  type LoginBody,
  type SignupBody,
} from '@lectern/shared';
import type { AppDeps } from '../../app-deps';
import { refuseCommonPassword } from '../../lib/common-passwords';
import { badRequest, conflict, retryLater, unauthorized } from '../../lib/errors';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/passwords';
import { hashToken, newToken } from '../../lib/tokens';
import { loginChallenges } from './login-challenges';
import { loginDevices } from './login-devices';
import { LoginThrottle } from './login-throttle';
import { sendVerificationLink } from './email-verification';
import { deleteVerificationTokens } from './email-verifications.repository';
import { consumeResetToken, replaceResetToken } from './password-resets.repository';
import { ResetRequestLimit } from './reset-request-limit';
import { forgetSessionsOf } from './session-cache';
import { deleteSession, deleteUserSessions } from './sessions.repository';
import { startSession as startUserSession } from './start-session';
import { type UserRow, findUserByEmail, findUserById, insertUser, updateUser } from './users.repository';

// One message for an unknown email and a wrong password (SECURITY AUTH-3).
const BAD_CREDENTIALS = 'Invalid email or password';
const BAD_RESET_LINK = 'This reset link is invalid or has expired. Please request a new one.';

export function createAuthService(deps: AppDeps) {
  const { db, clock, mail, config } = deps;
  const throttle = new LoginThrottle(deps.shared.counters);
  const resetRequests = new ResetRequestLimit(deps.shared.counters);
  const devices = loginDevices(config);
  const challenges = loginChallenges(config, deps.shared.counters);

  /**
   * Lets a held login through when it brings a solved challenge; refuses it otherwise, with a fresh
   * challenge when this browser may pass (not a trusted device held for its own failures, nor while the
   * account's new browsers are held). Answers for unknown addresses exactly as for known ones.
   */
  async function passHoldByChallenge(
    body: LoginBody,
    wait: number,
    device: string | undefined,
    now: Date,
  ): Promise<true> {
    const refuse = (seconds: number, details?: object) =>
      retryLater(
        `Too many failed logins. Try again in ${Math.ceil(seconds / 60)} minutes.`,
        seconds,
        details,
      );
    if (device) throw refuse(wait);
    const newBrowsersWait = await throttle.newBrowsersRetryAfterSeconds(body.email, now.getTime());
    if (newBrowsersWait > 0) throw refuse(Math.max(wait, newBrowsersWait));
    if (body.challenge && (await challenges.redeem(body.challenge, body.email, now))) return true;
    throw refuse(wait, { challenge: challenges.issue(body.email, now) });
  }

  const startSession = (user: UserRow): Promise<LoginAnswer> => startUserSession(deps, user);

  return {
    /**
     * Signs up and in at once (SPEC §2). An address belongs to one account (issue 20): a taken one creates
     * nothing and is told so (docs/decisions.md, "One account per address"); its owner is not mailed.
     */
    async signup(body: SignupBody): Promise<LoginAnswer> {
      refuseCommonPassword(body.password);
      const passwordHash = await hashPassword(body.password);
      const user = await db.transaction(async (tx) => {
        const user = await insertUser(tx, { ...body, passwordHash, now: clock() });
        if (!user) throw conflict(ACCOUNT_SECURITY.emailInUse);
        await sendVerificationLink(deps, tx, user.id, user.email);
        return user;
      });
      return startSession(user);
    },

    /**
     * Checks a password under the failed-login holds. `cookies`: the request's Cookie header, whose device
     * cookie for the account (login-devices.ts) lifts the IP and pair holds; without one, a solved challenge
     * (login-challenges.ts) does. Answers with the Set-Cookie that trusts this browser from now on.
     */
    async login(
      body: LoginBody,
      ip: string,
      cookies: string | undefined,
    ): Promise<{ answer: LoginAnswer; deviceCookie: string }> {
      const now = clock();
      const user = await findUserByEmail(db, body.email);
      const device = (user && devices.trusted(cookies, user.id, now)) ?? undefined;
      const wait = await throttle.retryAfterSeconds(body.email, ip, now.getTime(), device);
      const challenged = wait > 0 && (await passHoldByChallenge(body, wait, device, now));
      const ok = user
        ? await verifyPassword(user.passwordHash, body.password)
        : await burnPasswordCheck(body.password);
      if (!user || !ok) {
        await throttle.recordFailure(body.email, ip, now.getTime(), device);
        if (challenged) await throttle.recordNewBrowserFailure(body.email, now.getTime());
        throw unauthorized(BAD_CREDENTIALS);
      }
      await throttle.recordSuccess(body.email, ip, device);
      return { answer: await startSession(user), deviceCookie: devices.cookieFor(user.id, now, device) };
    },

    async logout(userId: string, sessionId: string): Promise<void> {
      await deleteSession(db, sessionId);
      await forgetSessionsOf(deps, userId);
    },

    /** Answers at once and the same way whether or not the address exists (SECURITY RESET-1). */
    async requestPasswordReset(email: string, ip: string): Promise<void> {
      const wait = await resetRequests.take(email, ip, clock().getTime());
      if (wait > 0) throw retryLater('Too many reset requests for this address. Try again later.', wait);
      void (async () => {
        const user = await findUserByEmail(db, email);
        if (!user || !(await resetRequests.mayMail(email, ip, clock().getTime()))) return;
        const token = newToken();
        const now = clock();
        await db.transaction(async (tx) => {
          await replaceResetToken(tx, {
            userId: user.id,
            tokenHash: hashToken(token),
            now,
            expiresAt: new Date(now.getTime() + PASSWORD_RESET_TTL_MS),
          });
          // The link uses the configured origin, never the request's Host (SECURITY RESET-3).
          await mail.send(tx, {
            to: user.email,
            subject: 'Reset your Lectern password',
            text: `Someone asked to reset the password of your Lectern account.\n\nSet a new password within 60 minutes:\n${config.publicUrl}/reset-password/${token}\n\nIf it was not you, ignore this e-mail: your password stays as it is.\n`,
          });
        });
      })().catch(() => undefined);
    },

    /** Returns the id of the user whose password was reset. */
    async resetPassword(token: string, password: string, ip: string): Promise<string> {
      refuseCommonPassword(password);
      const passwordHash = await hashPassword(password);
      const user = await db.transaction(async (tx) => {
        const now = clock();
        const userId = await consumeResetToken(tx, hashToken(token), now);
        if (!userId) throw badRequest(BAD_RESET_LINK);
        // The token's row references the user, so the user exists inside this transaction.
        const user = (await findUserById(tx, userId))!;
        // The link came to this address, which proves it: whoever reads its mail takes the account over.
        // An unproven account may have been set up by anyone, so a change of address it awaits goes too.
        await updateUser(
          tx,
          userId,
          user.emailVerifiedAt
            ? { passwordHash }
            : { passwordHash, emailVerifiedAt: now, pendingEmail: null },
        );
        if (!user.emailVerifiedAt) await deleteVerificationTokens(tx, userId);
        await deleteUserSessions(tx, userId);
        await mail.send(tx, {
          to: user.email,
          subject: 'Your Lectern password was changed',
          text: 'The password of your Lectern account was just reset. If this was not you, reset it again at once and contact your course staff.\n',
        });
        return user;
      });
      await forgetSessionsOf(deps, user.id);
      // The owner is back in: whatever others did to the account's login and reset counters is forgotten.
      await throttle.clearAfterReset(user.email, ip);
      await resetRequests.clear(user.email, ip);
      return user.id;
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
