import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config/env';
import type { DbOrTx } from '../../db/client';
import { forbidden } from '../../lib/errors';

/**
 * Whether the user administers this installation (docs/decisions.md, issue 23): its *verified* e-mail is
 * one of LECTERN_ADMIN_EMAILS. A course administrator is not one; an unproven address counts for nothing.
 */
export async function isInstallationAdmin(
  app: FastifyInstance,
  db: DbOrTx,
  config: AppConfig,
  userId: string,
): Promise<boolean> {
  if (config.adminEmails.length === 0) return false;
  const user = await app.auth.findUserById(db, userId);
  return Boolean(user?.emailVerifiedAt && config.adminEmails.includes(user.email.toLowerCase()));
}

/** Refuses (403) anyone but an installation administrator. */
export async function requireInstallationAdmin(
  app: FastifyInstance,
  db: DbOrTx,
  config: AppConfig,
  userId: string,
): Promise<void> {
  if (!(await isInstallationAdmin(app, db, config, userId)))
    throw forbidden('Only an administrator of this Lectern installation may manage LTI platforms');
}
