import * as oidc from 'openid-client';
import type { DbOrTx } from '../../db/client';
import { ssoLogins } from '../../db/schema';
import { onceOnlyTokens } from '../../lib/once-only-tokens';
import { newToken } from '../../lib/tokens';

/** The provider's answer must come back within ten minutes. */
const signOns = onceOnlyTokens(ssoLogins, 'stateHash', 10 * 60 * 1000);

/** Where the provider sends the browser back; register `<PUBLIC_URL>` + this at the provider. */
export const CALLBACK_PATH = '/sso/callback';

/** The cookie that binds a sign-on's `state` to the browser that started it (named after it). */
export const stateCookieName = (state: string) => `sso-state-${state}`;

/** Records a sign-on's start: a new `state`, nonce and PKCE verifier, each used once. */
export async function startSignOn(db: DbOrTx, now: Date) {
  const nonce = newToken();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = await signOns.create(db, { nonce, codeVerifier }, now);
  return {
    state,
    nonce,
    codeChallenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    maxAgeSeconds: signOns.maxAgeSeconds,
  };
}

/** Takes the sign-on of `state` once: null when it is unknown, expired or already used. */
export const takeSignOn = (db: DbOrTx, state: string, now: Date) => signOns.take(db, state, now);
