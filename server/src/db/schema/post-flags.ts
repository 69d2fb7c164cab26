import { pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { POST_KINDS } from '@lectern/shared';
import { users } from './users';

/**
 * A member's flag on a post (issue 24): a question, a follow-up, or any kind `POST_KINDS` names. Over a
 * kind and an id rather than a foreign key per kind, so a new kind of post is one more name; a flag whose
 * post is gone is never read (the flagged list joins the posts) and costs one row.
 */
export const postFlags = pgTable(
  'post_flags',
  {
    postKind: text('post_kind', { enum: POST_KINDS }).notNull(),
    postId: uuid('post_id').notNull(),
    flaggerId: uuid('flagger_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Optional, the member's words. */
    reason: text('reason').notNull().default(''),
    flaggedAt: timestamp('flagged_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Once per member and post, even under concurrent requests.
  (t) => [primaryKey({ columns: [t.postKind, t.postId, t.flaggerId] })],
);
