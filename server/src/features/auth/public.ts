// What other features may use of auth (the boundary rule, scripts/eslint-server-boundaries.js, admits no
// other file of it): finding users by id or e-mail, the account page's updates, revoking sessions, proving
// addresses.
import type { LoginAnswer } from '@lectern/shared';
import type { Tx } from '../../db/client';
import type { ExternalIdentity } from './external-identities';
import type { UserRow } from './users.repository';

export { deleteUserSessions } from './sessions.repository';
export { forgetSessionsOf } from './session-cache';
export { addressHeldByOther, findUserByEmail, findUserById, updateUser } from './users.repository';
export {
  addressToVerify,
  sendVerificationLink,
  takeVerificationMail,
  verifyEmail,
} from './email-verification';
export type { ExternalIdentity } from './external-identities';

declare module 'fastify' {
  interface FastifyInstance {
    /** The auth feature's service: accounts other systems vouch for, and sessions for them. */
    auth: AuthFeature;
  }
}

/** What the auth feature offers other features through its decoration. */
export interface AuthFeature {
  /** The account linked to (issuer, subject), made on its first visit (external-identities.ts). */
  accountForIdentity(tx: Tx, identity: ExternalIdentity): Promise<UserRow>;
  /** Signs the user in: a new session and the answer a login gives. */
  startSession(user: UserRow): Promise<LoginAnswer>;
}
