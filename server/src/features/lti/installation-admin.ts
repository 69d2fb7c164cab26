import type { FastifyInstance } from 'fastify';
import { forbidden } from '../../lib/errors';

/**
 * Refuses (403) anyone but an administrator of this installation (the auth feature's rule: a verified
 * e-mail in LECTERN_ADMIN_EMAILS, docs/decisions.md, issue 23).
 */
export async function requireInstallationAdmin(app: FastifyInstance, userId: string): Promise<void> {
  if (!(await app.auth.isInstallationAdmin(userId)))
    throw forbidden('Only an administrator of this Lectern installation may manage LTI platforms');
}
