// What other features may use of auth (the boundary rule, scripts/eslint-server-boundaries.js, admits no
// other file of it): the plugin's decoration (accounts other systems vouch for and their sessions, finding
// users by id or e-mail, the account page's updates, revoking sessions), forgetting cached sessions,
// proving addresses.
import type { LoginAnswer } from '@lectern/shared';
import type { DbOrTx, Tx } from '../../db/client';
import type { ExternalIdentity } from './external-identities';
import type { UserChanges, UserRow } from './users.repository';

export { forgetSessionsOf } from './session-cache';
export {
  addressToVerify,
  sendVerificationLink,
  takeVerificationMail,
  verifyEmail,
} from './email-verification';
export type { ExternalIdentity } from './external-identities';
export { pendingLinkCookie } from './pending-links';

declare module 'fastify' {
  interface FastifyInstance {
    /** The auth feature's service: accounts, users and sessions. */
    auth: AuthFeature;
  }
}

/** What the auth feature offers other features through its decoration; reads and changes in `db` or `tx`. */
export interface AuthFeature {
  /** The account linked to (issuer, subject), made on its first visit (external-identities.ts). */
  accountForIdentity(tx: Tx, identity: ExternalIdentity): Promise<UserRow>;
  /** The accounts of many identities (a roster page), their ids in the same order, made in a few statements. */
  accountsForIdentities(tx: Tx, identities: readonly ExternalIdentity[]): Promise<string[]>;
  /** The account linked to (issuer, subject), or null: never made here. */
  linkedAccount(db: DbOrTx, issuer: string, subject: string): Promise<UserRow | null>;
  /**
   * Offers to link (issuer, subject) to the account `userId` once its owner logs in with its password in
   * this browser (pending-links.ts): the token for the browser's cookie (`pendingLinkCookie`).
   */
  offerLink(
    db: DbOrTx,
    issuer: string,
    subject: string,
    userId: string,
  ): Promise<{ token: string; maxAgeSeconds: number }>;
  /** Whether the user administers this installation (installation-admin.ts: LECTERN_ADMIN_EMAILS, verified). */
  isInstallationAdmin(userId: string): Promise<boolean>;
  /** Signs the user in: a new session and the answer a login gives. */
  startSession(user: UserRow): Promise<LoginAnswer>;
  findUserById(db: DbOrTx, id: string): Promise<UserRow | null>;
  /** The account whose address is `email` (any case). */
  findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | null>;
  /** Whether an account other than `userId` holds `email`. */
  addressHeldByOther(db: DbOrTx, email: string, userId: string): Promise<boolean>;
  updateUser(db: DbOrTx, id: string, values: UserChanges): Promise<void>;
  /** Ends every session of the user but `keepSessionId` (then call forgetSessionsOf once committed). */
  deleteUserSessions(db: DbOrTx, userId: string, keepSessionId?: string): Promise<void>;
}
