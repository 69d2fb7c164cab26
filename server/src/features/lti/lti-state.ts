import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { ltiHandovers, ltiLogins } from '../../db/schema';
import { hashToken, newToken } from '../../lib/tokens';

/** A login initiation's launch must follow within this time. */
const LOGIN_TTL_MS = 10 * 60 * 1000;
/** A launch's one-time code must be traded for a session within this time. */
const HANDOVER_TTL_MS = 60 * 1000;

/** The cookie that binds a launch's `state` to the browser that started the login (named after it). */
export const stateCookieName = (state: string) => `lti-state-${state}`;

/** Records a login initiation: a new `state` and nonce for the platform. */
export async function startLogin(db: DbOrTx, platformId: string, now: Date) {
  const state = newToken();
  const nonce = newToken();
  await db.delete(ltiLogins).where(lt(ltiLogins.expiresAt, now));
  await db.insert(ltiLogins).values({
    stateHash: hashToken(state),
    nonce,
    platformId,
    expiresAt: new Date(now.getTime() + LOGIN_TTL_MS),
  });
  return { state, nonce, maxAgeSeconds: LOGIN_TTL_MS / 1000 };
}

/** Takes the login of `state` once: null when it is unknown, expired or already used. */
export async function takeLogin(db: DbOrTx, state: string, now: Date) {
  const [row] = await db
    .update(ltiLogins)
    .set({ usedAt: now })
    .where(
      and(eq(ltiLogins.stateHash, hashToken(state)), isNull(ltiLogins.usedAt), gt(ltiLogins.expiresAt, now)),
    )
    .returning({ nonce: ltiLogins.nonce, platformId: ltiLogins.platformId });
  return row ?? null;
}

/** A one-time code that signs `userId` in and lands on `target`. */
export async function newHandover(db: DbOrTx, userId: string, target: string, now: Date): Promise<string> {
  const code = newToken();
  await db.delete(ltiHandovers).where(lt(ltiHandovers.expiresAt, now));
  await db.insert(ltiHandovers).values({
    codeHash: hashToken(code),
    userId,
    target,
    expiresAt: new Date(now.getTime() + HANDOVER_TTL_MS),
  });
  return code;
}

/** Takes a handover code once: its user and target, or null when unknown, expired or already used. */
export async function takeHandover(db: DbOrTx, code: string, now: Date) {
  const [row] = await db
    .update(ltiHandovers)
    .set({ usedAt: now })
    .where(
      and(
        eq(ltiHandovers.codeHash, hashToken(code)),
        isNull(ltiHandovers.usedAt),
        gt(ltiHandovers.expiresAt, now),
      ),
    )
    .returning({ userId: ltiHandovers.userId, target: ltiHandovers.target });
  return row ?? null;
}
