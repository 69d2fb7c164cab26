import { and, desc, eq, gt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { courseInvitationMails, courseInvitations, courses, users } from '../../db/schema';

/** Whom an invitation names: an account by id, or an address (lower-cased). */
export type Invitee = { id: string; email?: never } | { email: string; id?: never };

/** The user an invitation may reach: by id, or by address once that address is proven. */
export interface InvitationReader {
  id: string;
  email: string;
  emailVerifiedAt: Date | null;
}

const sameInvitee = (invitee: Invitee) =>
  invitee.id
    ? eq(courseInvitations.inviteeId, invitee.id)
    : eq(courseInvitations.inviteeEmail, invitee.email!);

const addressedTo = (reader: InvitationReader) =>
  reader.emailVerifiedAt
    ? or(
        eq(courseInvitations.inviteeId, reader.id),
        eq(courseInvitations.inviteeEmail, reader.email.toLowerCase()),
      )
    : eq(courseInvitations.inviteeId, reader.id);

/** Stores an invitation, replacing a pending one of the same course for the same invitee. */
export async function replaceInvitation(
  db: DbOrTx,
  values: { courseId: string; invitedBy: string; invitee: Invitee; now: Date; expiresAt: Date },
): Promise<string> {
  await db
    .delete(courseInvitations)
    .where(and(eq(courseInvitations.courseId, values.courseId), sameInvitee(values.invitee)));
  const [row] = await db
    .insert(courseInvitations)
    .values({
      courseId: values.courseId,
      invitedBy: values.invitedBy,
      inviteeId: values.invitee.id ?? null,
      inviteeEmail: values.invitee.email ?? null,
      createdAt: values.now,
      expiresAt: values.expiresAt,
    })
    .returning({ id: courseInvitations.id });
  return row!.id;
}

const inviter = alias(users, 'inviter');

/** The reader's live invitations with their course and inviter names, newest first. */
export async function invitationsFor(db: DbOrTx, reader: InvitationReader, now: Date, id?: string) {
  return db
    .select({
      id: courseInvitations.id,
      courseId: courses.id,
      courseName: courses.name,
      invitedBy: sql<string | null>`${inviter.name}`,
      createdAt: courseInvitations.createdAt,
    })
    .from(courseInvitations)
    .innerJoin(courses, eq(courses.id, courseInvitations.courseId))
    .leftJoin(inviter, eq(inviter.id, courseInvitations.invitedBy))
    .where(
      and(
        addressedTo(reader),
        gt(courseInvitations.expiresAt, now),
        id ? eq(courseInvitations.id, id) : undefined,
      ),
    )
    .orderBy(desc(courseInvitations.createdAt));
}

/** Deletes the reader's invitations to a course (all of them once one is answered). */
export async function deleteInvitationsTo(db: DbOrTx, reader: InvitationReader, courseId: string) {
  await db
    .delete(courseInvitations)
    .where(and(eq(courseInvitations.courseId, courseId), addressedTo(reader)));
}

/** Notes that `email` is mailed an invitation to the course; false when it was already (once each). */
export async function recordInvitationMail(db: DbOrTx, courseId: string, email: string): Promise<boolean> {
  const rows = await db
    .insert(courseInvitationMails)
    .values({ courseId, email: email.toLowerCase() })
    .onConflictDoNothing()
    .returning({ courseId: courseInvitationMails.courseId });
  return rows.length > 0;
}
