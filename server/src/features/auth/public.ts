// What other features may use of auth (the import-boundary rule in eslint.config.js keeps them out of its
// repositories): finding users by id or e-mail, the account page's updates, revoking sessions, proving
// addresses.
export { deleteUserSessions } from './sessions.repository';
export { forgetSessionsOf } from './session-cache';
export { addressHeldByOther, findUserByEmail, findUserById, updateUser } from './users.repository';
export {
  addressToVerify,
  sendVerificationLink,
  takeVerificationMail,
  verifyEmail,
} from './email-verification';
