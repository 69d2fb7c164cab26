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
  (t) => [
    // A verified address belongs to one account, whatever its case (DESIGN §4). Unverified ones may repeat:
    // signing up with a taken address must look like any signup (docs/decisions.md, issue 12).
    uniqueIndex('users_verified_email_idx')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.emailVerifiedAt} is not null`),
    index('users_email_lower_idx').on(sql`lower(${t.email})`),
  ],
);

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
