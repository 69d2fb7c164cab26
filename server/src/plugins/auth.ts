import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from '../lib/errors';
import { registerSecurityEvents } from './security-events';

export interface AuthUser {
  id: string;
  name: string;
  email: string;
}

/** The live session a bearer token names, or null (the auth feature provides it: features/auth). */
export type ResolveSession = (token: string) => Promise<{ user: AuthUser; sessionId: string } | null>;

/**
 * Who may call a route (SECURITY AC-1): every route says so; finer checks are per course in services.
 * 'token': the route checks a bearer token of its own (GET /metrics), which is never read as a session.
 */
export type RouteAuth = 'public' | 'user' | 'token';

/** One registered route and the policy it declared (undefined: it forgot to). */
export interface RoutePolicy {
  method: string;
  url: string;
  auth: RouteAuth | undefined;
}

// Paths served by the API itself (the rest is the web app's pages and files).
const SERVER_PREFIXES = ['/api/', '/tus', '/media/'];
export const isServerPath = (url: string): boolean => SERVER_PREFIXES.some((p) => url.startsWith(p));

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered after registerAuth, with its policy (route-policies test, SECURITY AC-1). */
    routePolicies: RoutePolicy[];
  }
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
export function registerAuth(app: FastifyInstance, resolveSession: ResolveSession): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  registerSecurityEvents(app);
  const policies: RoutePolicy[] = [];
  app.decorate('routePolicies', policies);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const auth = (route.config as { auth?: RouteAuth } | undefined)?.auth;
    for (const method of methods) policies.push({ method, url: route.url, auth });
  });

  app.addHook('onRequest', async (req) => {
    if (req.routeOptions.config.auth === 'token') return;
    const header = req.headers.authorization;
    if (header !== undefined) {
      const token = BEARER.exec(header)?.[1];
      const session = token ? await resolveSession(token) : null;
      if (!session) throw unauthorized('Your session has expired. Please log in again.');
      req.user = session.user;
      req.sessionId = session.sessionId;
    }
    // Deny by default (SECURITY AC-1, issue 12): a route that forgot its policy needs a user, wherever
    // it is. Public without a policy: only the not-found handler (the web app's pages, a 404) and the
    // web app's own files, which web.ts marks public.
    const auth = req.routeOptions.config.auth ?? (req.is404 ? 'public' : 'user');
    if (auth === 'user' && !req.user) throw unauthorized();
  });
}

/** The caller, on a route whose policy is 'user'. */
export function currentUser(req: FastifyRequest): AuthUser {
  if (!req.user) throw unauthorized();
  return req.user;
}
