// What other features may use of auth (the boundary rule, scripts/eslint-server-boundaries.js, admits no
// other file of it): finding users by id or e-mail, the account page's updates, revoking sessions, proving
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
