import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Bytes promised to an upload still under way, counted against its user's storage quota beside what is
 * stored (issue 20): taken with the quota check under the user's admission lock, so parallel creations
 * cannot all pass it, and deleted when the upload finishes, fails or is cancelled. A row past
 * `expires_at` (its upload expired, or the process died mid-request) no longer counts; the upload purge
 * deletes it.
 */
export const uploadReservations = pgTable(
  'upload_reservations',
  {
    /** `tus:<upload id>` or `multipart:<random>`. */
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('upload_reservations_user_idx').on(t.userId, t.expiresAt)],
);
