import type { AppDeps } from '../../app-deps';
import { hashToken } from '../../lib/tokens';
import type { ResolveSession } from '../../plugins/auth';
import { sessionCacheOf } from './session-cache';
import { needsTouch, sessionExpiry } from './session-policy';
import { findLiveSession, touchSession } from './sessions.repository';

/**
 * The bearer token's live session, its last use moved on (sliding expiry, DESIGN §5.7); null when the
 * token names no live session. Handed to the authentication plugin by buildApp, so the plugin does not
 * reach into this feature.
 */
export const sessionResolver = (deps: AppDeps): ResolveSession => {
  const cache = sessionCacheOf(deps);
  return async (token) => {
    const now = deps.clock();
    const tokenHash = hashToken(token);
    const find = () => findLiveSession(deps.db, tokenHash, now);
    const session = cache.get(tokenHash, now) ?? (await cache.read(tokenHash, now, find));
    if (!session) return null;
    if (needsTouch(session, now)) {
      // Moved on before the write, so that the requests arriving meanwhile do not write it again.
      session.lastUsedAt = now;
      session.expiresAt = sessionExpiry(session.createdAt, now);
      await touchSession(deps.db, session.sessionId, now, session.expiresAt);
    }
    return { user: session.user, sessionId: session.sessionId };
  };
};
