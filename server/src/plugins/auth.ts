import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps';
import { unauthorized } from '../lib/errors';
import { hashToken } from '../lib/tokens';
import { findLiveSession, touchSession } from '../features/auth/sessions.repository';
import { needsTouch, sessionExpiry } from '../features/auth/session-policy';

export interface AuthUser {
  id: string;
  name: string;
  email: string;
}

/** Who may call a route (SECURITY AC-1): every route says so; finer checks are per course in services. */
export type RouteAuth = 'public' | 'user';

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
    sessionId: string | null;
  }
  interface FastifyContextConfig {
    auth?: RouteAuth;
  }
}

const BEARER = /^Bearer ([A-Za-z0-9_-]{20,200})$/;

/**
 * Resolves the bearer token on every request. A token that is present but not valid is a 401 even on
 * public routes: the client then drops it (SPEC §4 Session).
 */
export function registerAuth(app: FastifyInstance, deps: AppDeps): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);

  app.addHook('onRequest', async (req) => {
    const header = req.headers.authorization;
    if (header !== undefined) {
      const token = BEARER.exec(header)?.[1];
      const now = deps.clock();
      const session = token ? await findLiveSession(deps.db, hashToken(token), now) : null;
      if (!session) throw unauthorized('Your session has expired. Please log in again.');
      req.user = session.user;
      req.sessionId = session.sessionId;
      if (needsTouch(session.lastUsedAt, now)) {
        await touchSession(deps.db, session.sessionId, now, sessionExpiry(session.createdAt, now));
      }
    }
    if (req.routeOptions.config.auth === 'user' && !req.user) throw unauthorized();
  });
}

/** The caller, on a route whose policy is 'user'. */
export function currentUser(req: FastifyRequest): AuthUser {
  if (!req.user) throw unauthorized();
  return req.user;
}
