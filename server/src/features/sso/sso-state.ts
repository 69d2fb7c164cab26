import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import * as oidc from 'openid-client';
import type { DbOrTx } from '../../db/client';
import { ssoLogins } from '../../db/schema';
import { hashToken, newToken } from '../../lib/tokens';

/** The provider's answer must come back within this time. */
const LOGIN_TTL_MS = 10 * 60 * 1000;

/** Where the provider sends the browser back; register `<PUBLIC_URL>` + this at the provider. */
export const CALLBACK_PATH = '/sso/callback';

/** The cookie that binds a sign-on's `state` to the browser that started it (named after it). */
export const stateCookieName = (state: string) => `sso-state-${state}`;

/** Records a sign-on's start: a new `state`, nonce and PKCE verifier, each used once. */
export async function startSignOn(db: DbOrTx, now: Date) {
  const state = newToken();
  const nonce = newToken();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  await db.delete(ssoLogins).where(lt(ssoLogins.expiresAt, now));
  await db.insert(ssoLogins).values({
    stateHash: hashToken(state),
    nonce,
    codeVerifier,
    expiresAt: new Date(now.getTime() + LOGIN_TTL_MS),
  });
  return {
    state,
    nonce,
    codeChallenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    maxAgeSeconds: LOGIN_TTL_MS / 1000,
  };
}

/** Takes the sign-on of `state` once: null when it is unknown, expired or already used. */
export async function takeSignOn(db: DbOrTx, state: string, now: Date) {
  const [row] = await db
    .update(ssoLogins)
    .set({ usedAt: now })
    .where(
      and(eq(ssoLogins.stateHash, hashToken(state)), isNull(ssoLogins.usedAt), gt(ssoLogins.expiresAt, now)),
    )
    .returning({ nonce: ssoLogins.nonce, codeVerifier: ssoLogins.codeVerifier });
  return row ?? null;
}
