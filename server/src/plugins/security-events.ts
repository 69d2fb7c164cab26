import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The security events of SECURITY LOG-1; denials (401, 403, 429) are logged by the hook below. */
export type SecurityEvent =
  | 'login.success'
  | 'login.failure'
  | 'logout'
  | 'signup'
  | 'password.change'
  | 'email.change'
  | 'email.verified'
  | 'admin.invited'
  | 'admin.added'
  | 'reset.requested'
  | 'reset.completed'
  | 'access.denied'
  | 'upload.rejected'
  | 'lti.launch'
  | 'lti.refused'
  | 'lti.deep_link.requested'
  | 'lti.deep_link.answered'
  | 'lti.roster.synced'
  | 'lti.roster.failed'
  | 'lti.grades.failed'
  | 'lti.platform.added'
  | 'lti.platform.changed'
  | 'lti.platform.removed'
  | 'sso.login'
  | 'sso.refused'
  | 'sso.link.offered'
  | 'sso.linked';

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

const routeOf = (req: FastifyRequest) => `${req.method} ${req.routeOptions.url ?? req.url.split('?')[0]}`;

/** Why an upload was refused, by status: too large, not an mp4, or a damaged one. */
const UPLOAD_REJECTIONS = new Map<number, string>([
  [413, 'size'],
  [415, 'type'],
  [422, 'type'],
]);

/** Logs 'upload.rejected' when an upload request ended with a refusal status; does nothing otherwise. */
export function logUploadRejected(req: FastifyRequest, status: number): void {
  const reason = UPLOAD_REJECTIONS.get(status);
  if (reason) logSecurityEvent(req, 'upload.rejected', { status, reason, route: routeOf(req) });
}

const DENIALS = new Set([401, 403, 429]);

export function registerSecurityEvents(app: FastifyInstance): void {
  app.addHook('onResponse', async (req, reply) => {
    if (DENIALS.has(reply.statusCode)) {
      logSecurityEvent(req, 'access.denied', {
        status: reply.statusCode,
        route: routeOf(req),
      });
    }
  });
}
