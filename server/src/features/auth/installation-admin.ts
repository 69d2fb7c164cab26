import type { AppDeps } from '../../app-deps';
import { findUserById, type UserRow } from './users.repository';

/**
 * Whether the account administers this installation (docs/decisions.md, issue 23): its *verified* e-mail is
 * one of LECTERN_ADMIN_EMAILS. A course administrator is not one; an unproven address counts for nothing.
 */
export const administersInstallation = (
  user: Pick<UserRow, 'email' | 'emailVerifiedAt'>,
  adminEmails: readonly string[],
): boolean => Boolean(user.emailVerifiedAt) && adminEmails.includes(user.email.toLowerCase());

/** The same, for the account `userId` as it is now (no read when nobody is one). */
export async function isInstallationAdmin(
  { config, db }: Pick<AppDeps, 'config' | 'db'>,
  userId: string,
): Promise<boolean> {
  if (config.adminEmails.length === 0) return false;
  const user = await findUserById(db, userId);
  return Boolean(user && administersInstallation(user, config.adminEmails));
}
