import type { DbOrTx } from '../../db/client';
import { ltiDeepLinkRequests, ltiHandovers, ltiLogins } from '../../db/schema';
import { onceOnlyTokens } from '../../lib/once-only-tokens';
import { newToken } from '../../lib/tokens';

/** A login initiation's launch must follow within ten minutes. */
const logins = onceOnlyTokens(ltiLogins, 'stateHash', 10 * 60 * 1000);
/** A launch's one-time code must be traded for a session within a minute. */
const handovers = onceOnlyTokens(ltiHandovers, 'codeHash', 60 * 1000);

/** The cookie that binds a launch's `state` to the browser that started the login (named after it). */
export const stateCookieName = (state: string) => `lti-state-${state}`;

/** Records a login initiation: a new `state` and nonce for the platform. */
export async function startLogin(db: DbOrTx, platformId: string, now: Date) {
  const nonce = newToken();
  const state = await logins.create(db, { nonce, platformId }, now);
  return { state, nonce, maxAgeSeconds: logins.maxAgeSeconds };
}

/** Takes the login of `state` once: null when it is unknown, expired or already used. */
export const takeLogin = (db: DbOrTx, state: string, now: Date) => logins.take(db, state, now);

/** A one-time code that signs `userId` in and lands on `target`. */
export const newHandover = (db: DbOrTx, userId: string, target: string, now: Date): Promise<string> =>
  handovers.create(db, { userId, target }, now);

/** Takes a handover code once: its user and target, or null when unknown, expired or already used. */
export const takeHandover = (db: DbOrTx, code: string, now: Date) => handovers.take(db, code, now);

/** An instructor has half an hour to pick what a deep-linking request inserts. */
export const deepLinkRequests = onceOnlyTokens(ltiDeepLinkRequests, 'tokenHash', 30 * 60 * 1000);

/** Where the picker's answer is posted: the only path its browser-binding cookie is sent to. */
export const DEEP_LINK_PATH = '/api/lti/deep-link';

/** The cookie that binds a picker's token to the browser the deep-linking request opened in. */
export const pickerCookieName = (token: string) => `lti-picker-${token}`;
