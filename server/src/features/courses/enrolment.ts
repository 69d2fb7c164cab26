import type { Tx } from '../../db/client';
import {
  addToCourse,
  courseAdminIds,
  dropStudentMemberships,
  insertCourse,
  removeCourseAdmins,
} from './courses.repository';

export type CourseRole = 'admin' | 'student';

/** Someone an LMS brings into a course, and the role it gives them. */
export interface Enrolment {
  userId: string;
  role: CourseRole;
}

/**
 * Gives the user at least `role` in the course, never less than they have: an administrator launched as a
 * student stays an administrator (a roster sync, not a launch, takes rights away). A new administrator
 * stops being a student of it, as when invited.
 */
export async function enrol(tx: Tx, courseId: string, userId: string, role: CourseRole): Promise<void> {
  await enrolMany(tx, courseId, [{ userId, role }]);
}

/**
 * `enrol` for many (a roster page) in a few statements whatever their number: one read of the course's
 * administrators, one insert of the new ones and one removal of their student memberships, one insert of
 * the students. Someone listed twice gets the higher role.
 */
export async function enrolMany(tx: Tx, courseId: string, enrolments: readonly Enrolment[]): Promise<void> {
  if (enrolments.length === 0) return;
  const admins = new Set(await courseAdminIds(tx, courseId));
  const newAdmins = new Set(
    enrolments.filter((e) => e.role === 'admin' && !admins.has(e.userId)).map((e) => e.userId),
  );
  const students = new Set(
    enrolments.filter((e) => !admins.has(e.userId) && !newAdmins.has(e.userId)).map((e) => e.userId),
  );
  await addToCourse(tx, 'admin', courseId, [...newAdmins]);
  await dropStudentMemberships(tx, courseId, [...newAdmins]);
  await addToCourse(tx, 'student', courseId, [...students]);
}

/** A new course administered by its creator. */
export async function createCourse(tx: Tx, values: { name: string; createdBy: string }): Promise<string> {
  const course = await insertCourse(tx, { name: values.name, description: '', createdBy: values.createdBy });
  return course.id;
}

/**
 * Takes these users' access to the course away (an LMS roster dropped them): their administration and
 * memberships of it and its lectures go, nothing they made; in a few statements whatever their number.
 * Those whose access ended; when they are every administrator the course has, the longest-standing of them
 * stays one (a course is never left without).
 */
export async function withdrawMany(tx: Tx, courseId: string, userIds: readonly string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const leaving = new Set(userIds);
  const admins = await courseAdminIds(tx, courseId);
  const kept = admins.every((id) => leaving.has(id)) ? admins[0] : undefined;
  if (kept) leaving.delete(kept);
  const removed = [...leaving];
  await removeCourseAdmins(
    tx,
    courseId,
    admins.filter((id) => leaving.has(id)),
  );
  await dropStudentMemberships(tx, courseId, removed);
  return removed;
}
