import { boolean, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

export const courses = pgTable('courses', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Students may answer classmates' questions in words (issue 24); off until an admin turns it on. */
  studentsAnswer: boolean('students_answer').notNull().default(false),
});

/** Everyone who administers a course, the creator included (SPEC §6). */
export const courseAdmins = pgTable(
  'course_admins',
  {
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.userId] }), index('course_admins_user_idx').on(t.userId)],
);

/** Students who joined the whole course. */
export const courseMembers = pgTable(
  'course_members',
  {
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.userId] }), index('course_members_user_idx').on(t.userId)],
);

/**
 * An invitation to administer a course (issue 12): nobody becomes an admin without accepting. It names an
 * address, not an account, so the answer is the same whether one exists; it reaches the user whose
 * verified address it is, or the user named by id.
 */
export const courseInvitations = pgTable(
  'course_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    /** Lower-cased; null when the inviter named the user by id. */
    inviteeEmail: text('invitee_email'),
    inviteeId: uuid('invitee_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('course_invitations_email_idx').on(t.inviteeEmail),
    index('course_invitations_invitee_idx').on(t.inviteeId),
    index('course_invitations_course_idx').on(t.courseId),
  ],
);

/** Which addresses were mailed an invitation to which course: each is mailed once at most (issue 20). */
export const courseInvitationMails = pgTable(
  'course_invitation_mails',
  {
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    /** Lower-cased. */
    email: text('email').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.email] })],
);
