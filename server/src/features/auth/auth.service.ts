import { PASSWORD_RESET_TTL_MS, type LoginAnswer, type LoginBody, type SignupBody } from '@lectern/shared';
import type { AppDeps } from '../../app-deps';
import { badRequest, conflict, unauthorized } from '../../lib/errors';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/passwords';
import { hashToken, newToken } from '../../lib/tokens';
import { LoginThrottle } from './login-throttle';
import { consumeResetToken, replaceResetToken } from './password-resets.repository';
import { ResetRequestLimit } from './reset-request-limit';
import { retryLater } from './retry-later';
import { sessionExpiry } from './session-policy';
import { deleteSession, deleteUserSessions, insertSession } from './sessions.repository';
import { toUserDto } from './user.mapper';
import { type UserRow, findUserByEmail, findUserById, insertUser, updateUser } from './users.repository';

// One message for an unknown email and a wrong password (SECURITY AUTH-3).
const BAD_CREDENTIALS = 'Invalid email or password';
const BAD_RESET_LINK = 'This reset link is invalid or has expired. Please request a new one.';

export function createAuthService(deps: AppDeps) {
  const { db, clock, mail, config } = deps;
  const throttle = new LoginThrottle(deps.shared.counters);
  const resetRequests = new ResetRequestLimit(deps.shared.counters);

  async function startSession(user: UserRow): Promise<LoginAnswer> {
    const token = newToken();
    const now = clock();
    await insertSession(db, {
      userId: user.id,
      tokenHash: hashToken(token),
      now,
      expiresAt: sessionExpiry(now, now),
    });
    return { token, name: user.name, id: user.id, user: toUserDto(user) };
  }

  return {
    async signup(body: SignupBody): Promise<LoginAnswer> {
      if (await findUserByEmail(db, body.email)) throw conflict('An account with that email already exists.');
      const user = await insertUser(db, {
        ...body,
        passwordHash: await hashPassword(body.password),
        now: clock(),
      });
      return startSession(user);
    },

    async login(body: LoginBody, ip: string): Promise<LoginAnswer> {
      const now = clock().getTime();
      const wait = await throttle.retryAfterSeconds(body.email, ip, now);
      if (wait > 0) {
        throw retryLater(`Too many failed logins. Try again in ${Math.ceil(wait / 60)} minutes.`, wait);
      }
      const user = await findUserByEmail(db, body.email);
      const ok = user
        ? await verifyPassword(user.passwordHash, body.password)
        : await burnPasswordCheck(body.password);
      if (!user || !ok) {
        await throttle.recordFailure(body.email, ip, now);
        throw unauthorized(BAD_CREDENTIALS);
      }
      await throttle.recordSuccess(body.email, ip);
      return startSession(user);
    },

    logout: (sessionId: string) => deleteSession(db, sessionId),

    /** Answers at once and the same way whether or not the address exists (SECURITY RESET-1). */
    async requestPasswordReset(email: string): Promise<void> {
      const wait = await resetRequests.take(email, clock().getTime());
      if (wait > 0) throw retryLater('Too many reset requests for this address. Try again later.', wait);
      void (async () => {
        const user = await findUserByEmail(db, email);
        if (!user) return;
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
    async resetPassword(token: string, password: string): Promise<string> {
      const passwordHash = await hashPassword(password);
      const user = await db.transaction(async (tx) => {
        const userId = await consumeResetToken(tx, hashToken(token), clock());
        if (!userId) throw badRequest(BAD_RESET_LINK);
        await updateUser(tx, userId, { passwordHash });
        await deleteUserSessions(tx, userId);
        // The token's row references the user, so the user exists inside this transaction.
        const user = (await findUserById(tx, userId))!;
        await mail.send(tx, {
          to: user.email,
          subject: 'Your Lectern password was changed',
          text: 'The password of your Lectern account was just reset. If this was not you, reset it again at once and contact your course staff.\n',
        });
        return user;
      });
      return user.id;
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
