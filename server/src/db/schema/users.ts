import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    receiveEmailsSubmittingQuestion: boolean('receive_emails_submitting_question').notNull().default(true),
    receiveEmailsAnsweredQuestion: boolean('receive_emails_answered_question').notNull().default(true),
    /** When `email` was proven by a link; null until then, and it then counts for nothing (issue 12). */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** An address the user changed to that awaits its link; `email` stays in use until then. */
    pendingEmail: text('pending_email'),
    createdAt: createdAt(),
  },
  // An address belongs to one account, verified or not, whatever its case (DESIGN §4, issue 20): a second
  // account could take the owner's logins, resets and invitations.
  (t) => [uniqueIndex('users_email_lower_unique_idx').on(sql`lower(${t.email})`)],
);

/**
 * Accounts the one-account-per-address migration (issue 20) folded into the oldest account of their
 * address: what they owned now belongs to `keptId`. Kept for the operator to review; nothing reads it.
 */
export const mergedAccounts = pgTable('merged_accounts', {
  id: uuid('id').primaryKey(),
  keptId: uuid('kept_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  mergedAt: timestamp('merged_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Opaque bearer tokens: only their sha256 is stored (SECURITY SESS-1). */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

/** Links that prove an address (signup, change): only the token's sha256 is kept, like reset tokens. */
export const emailVerifications = pgTable(
  'email_verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The address the link proves; it must still be the user's (current or pending) when used. */
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('email_verifications_user_idx').on(t.userId)],
);
