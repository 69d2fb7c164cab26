import type { AppDeps } from '../../app-deps';
import { hashToken } from '../../lib/tokens';
import type { ResolveSession } from '../../plugins/auth';
import { needsTouch, sessionExpiry } from './session-policy';
import { findLiveSession, touchSession } from './sessions.repository';

/**
 * The bearer token's live session, its last use moved on (sliding expiry, DESIGN §5.7); null when the
 * token names no live session. Handed to the authentication plugin by buildApp, so the plugin does not
 * reach into this feature.
 */
export const sessionResolver =
  (deps: AppDeps): ResolveSession =>
  async (token) => {
    const now = deps.clock();
    const session = await findLiveSession(deps.db, hashToken(token), now);
    if (!session) return null;
    if (needsTouch(session.lastUsedAt, now)) {
      await touchSession(deps.db, session.sessionId, now, sessionExpiry(session.createdAt, now));
    }
    return { user: session.user, sessionId: session.sessionId };
  };
