import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * One campus sign-on under way (issue 23): the `state` sent to the OpenID provider (only its sha256 here),
 * the nonce its id_token must carry and the PKCE verifier the code is redeemed with. Used once; a few
 * minutes old at most; bound to the browser by a cookie named after the state.
 */
export const ssoLogins = pgTable(
  'sso_logins',
  {
    stateHash: text('state_hash').primaryKey(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('sso_logins_expires_idx').on(t.expiresAt)],
);

/**
 * A campus identity waiting to be linked to the existing account holding its address: linked when that
 * account's owner logs in with its password in the same browser (the cookie holds the token; only its
 * sha256 is here). An e-mail claim alone never links.
 */
export const pendingIdentityLinks = pgTable('pending_identity_links', {
  tokenHash: text('token_hash').primaryKey(),
  issuer: text('issuer').notNull(),
  subject: text('subject').notNull(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
