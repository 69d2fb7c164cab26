import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { courses } from './courses';
import { lectures } from './lectures';
import { users } from './users';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * A learning platform (an LMS) registered with Lectern by an administrator (`npm run lti -- add-platform`):
 * what LTI 1.3 calls the platform's registration of this tool, seen from the tool's side (issue 23).
 */
export const ltiPlatforms = pgTable(
  'lti_platforms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    /** The deployments of Lectern on this platform a launch may name (`deployment_id`). */
    deploymentIds: text('deployment_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Where Lectern sends the browser back to with the authentication request (OIDC login). */
    authLoginUrl: text('auth_login_url').notNull(),
    /** The OAuth 2 token endpoint for the LTI services (NRPS, AGS). */
    accessTokenUrl: text('access_token_url').notNull(),
    jwksUrl: text('jwks_url').notNull(),
    /** The origins of the LMS pages that frame Lectern (`frame-ancestors`); often not the issuer's. */
    frameOrigins: text('frame_origins')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Whether the e-mail a launch names counts as proven (the platform checks its users' addresses). */
    trustEmail: boolean('trust_email').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [unique('lti_platforms_issuer_client_unique').on(t.issuer, t.clientId)],
);

/**
 * One login initiation awaiting its launch: the `state` sent to the platform (only its sha256 here) and the
 * nonce the id_token must carry. Used once; a few minutes old at most.
 */
export const ltiLogins = pgTable(
  'lti_logins',
  {
    stateHash: text('state_hash').primaryKey(),
    nonce: text('nonce').notNull(),
    platformId: uuid('platform_id')
      .notNull()
      .references(() => ltiPlatforms.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('lti_logins_expires_idx').on(t.expiresAt)],
);

/**
 * An account as another system knows it: (issuer, subject) from an LTI launch or an OpenID Connect login.
 * Accounts are linked by this pair only, never by an e-mail claim.
 */
export const externalIdentities = pgTable(
  'external_identities',
  {
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.issuer, t.subject] }), index('external_identities_user_idx').on(t.userId)],
);

/** An LMS course (an LTI context) and the Lectern course made for it on its first instructor launch. */
export const ltiContexts = pgTable(
  'lti_contexts',
  {
    platformId: uuid('platform_id')
      .notNull()
      .references(() => ltiPlatforms.id, { onDelete: 'cascade' }),
    contextId: text('context_id').notNull(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    /** The context's NRPS membership URL, from the last launch that named it (`namesroleservice`). */
    membershipsUrl: text('memberships_url'),
    /**
     * The context's AGS line items container, and the scopes the platform grants on it, from the last launch
     * that named them (the `endpoint` claim of AGS 2.0): null when it offers no gradebook.
     */
    lineItemsUrl: text('line_items_url'),
    agsScopes: text('ags_scopes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The last roster sync's end, and how it went: members read, or why it failed (for the admin page). */
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    lastSyncMembers: integer('last_sync_members'),
    lastSyncError: text('last_sync_error'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.platformId, t.contextId] })],
);

/**
 * The accounts an LMS course brought into its Lectern course (by a launch or a roster sync): a roster sync
 * takes course access away from these only, never from people who joined in Lectern.
 */
export const ltiContextMembers = pgTable(
  'lti_context_members',
  {
    platformId: uuid('platform_id').notNull(),
    contextId: text('context_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.platformId, t.contextId, t.userId] }),
    foreignKey({
      columns: [t.platformId, t.contextId],
      foreignColumns: [ltiContexts.platformId, ltiContexts.contextId],
    }).onDelete('cascade'),
  ],
);

/**
 * A launch's one-time code: the launch's answer carries it in a URL fragment (never sent to a server, so
 * never in a log), and the web app trades it for a session. Only its sha256 is kept; a minute to use it.
 */
export const ltiHandovers = pgTable('lti_handovers', {
  codeHash: text('code_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The web app's path the launch lands on. */
  target: text('target').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** Lectern's own signing keys, published at /lti/jwks; the newest signs, retired ones stay published a while. */
export const ltiToolKeys = pgTable('lti_tool_keys', {
  kid: text('kid').primaryKey(),
  privateJwk: jsonb('private_jwk').notNull(),
  publicJwk: jsonb('public_jwk').notNull(),
  createdAt: createdAt(),
  retiredAt: timestamp('retired_at', { withTimezone: true }),
});

/**
 * A deep-linking request (LTI Deep Linking 2.0) waiting for the instructor's pick in Lectern's picker: where
 * and how the answer goes back to the platform. The picker's token is kept as its sha256 only, used once,
 * bound to the browser by a cookie named after it, and to the account the request signed in.
 */
export const ltiDeepLinkRequests = pgTable(
  'lti_deep_link_requests',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platformId: uuid('platform_id')
      .notNull()
      .references(() => ltiPlatforms.id, { onDelete: 'cascade' }),
    deploymentId: text('deployment_id').notNull(),
    /** The LMS course the request came from, when it named one. */
    contextId: text('context_id'),
    returnUrl: text('return_url').notNull(),
    /** The platform's opaque `data`, echoed in the answer. */
    data: text('data'),
    acceptMultiple: boolean('accept_multiple').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('lti_deep_link_requests_expires_idx').on(t.expiresAt)],
);

/**
 * A lecture whose watch progress goes to the gradebook of the LMS courses linked to its course (AGS 2.0,
 * issue 23): turned on by a course administrator; a row exists while it is on.
 */
export const ltiGradebookLectures = pgTable('lti_gradebook_lectures', {
  lectureId: uuid('lecture_id')
    .primaryKey()
    .references(() => lectures.id, { onDelete: 'cascade' }),
  /** Why the last line item or score failed, for the lecture's edit page; null once one succeeds. */
  lastError: text('last_error'),
  createdAt: createdAt(),
});

/** The line item (gradebook column) Lectern made for a lecture in one LMS course. */
export const ltiLineItems = pgTable(
  'lti_line_items',
  {
    platformId: uuid('platform_id').notNull(),
    contextId: text('context_id').notNull(),
    lectureId: uuid('lecture_id')
      .notNull()
      .references(() => lectures.id, { onDelete: 'cascade' }),
    /** The line item's URL, its `id` as the platform answered it; scores go to `<url>/scores`. */
    url: text('url').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.platformId, t.contextId, t.lectureId] }),
    index('lti_line_items_lecture_idx').on(t.lectureId),
    foreignKey({
      columns: [t.platformId, t.contextId],
      foreignColumns: [ltiContexts.platformId, ltiContexts.contextId],
    }).onDelete('cascade'),
  ],
);

/**
 * A student's score for a lecture: whether a send is queued (progress while one is queued is folded
 * into it: the debounce), and when the last send began (the next waits a minute after it).
 */
export const ltiGradebookScores = pgTable(
  'lti_gradebook_scores',
  {
    lectureId: uuid('lecture_id')
      .notNull()
      .references(() => lectures.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    queued: boolean('queued').notNull().default(false),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
    /** The percentage the last send carried (0–100). */
    lastPercent: real('last_percent'),
  },
  (t) => [primaryKey({ columns: [t.lectureId, t.userId] })],
);
