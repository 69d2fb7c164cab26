import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The security events of SECURITY LOG-1; denials (401, 403, 429) are logged by the hook below. */
export type SecurityEvent =
  | 'login.success'
  | 'login.failure'
  | 'logout'
  | 'signup'
  | 'password.change'
  | 'email.change'
  | 'reset.requested'
  | 'reset.completed'
  | 'access.denied';

/**
 * One JSON line per event with the request id (pino's reqId), the user or "anonymous" and the IP.
 * Never a password or a token (SECURITY LOG-2): callers pass ids and addresses only.
 */
export function logSecurityEvent(
  req: FastifyRequest,
  event: SecurityEvent,
  details: Record<string, string | number> = {},
): void {
  req.log.info({ securityEvent: event, userId: req.user?.id ?? 'anonymous', ip: req.ip, ...details }, event);
}

const DENIALS = new Set([401, 403, 429]);

export function registerSecurityEvents(app: FastifyInstance): void {
  app.addHook('onResponse', async (req, reply) => {
    if (DENIALS.has(reply.statusCode)) {
      logSecurityEvent(req, 'access.denied', {
        status: reply.statusCode,
        route: `${req.method} ${req.routeOptions.url ?? req.url.split('?')[0]}`,
      });
    }
  });
}
