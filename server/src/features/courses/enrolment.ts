import type { Tx } from '../../db/client';
import { isCourseAdmin, isCourseMember } from '../access/public';
import {
  addCourseAdmin,
  addCourseMember,
  countCourseAdmins,
  dropStudentMemberships,
  insertCourse,
  removeCourseAdmin,
} from './courses.repository';

export type CourseRole = 'admin' | 'student';

/**
 * Gives the user at least `role` in the course, never less than they have: an administrator launched as a
 * student stays an administrator (a roster sync, not a launch, takes rights away). A new administrator
 * stops being a student of it, as when invited.
 */
export async function enrol(tx: Tx, courseId: string, userId: string, role: CourseRole): Promise<void> {
  if (await isCourseAdmin(tx, userId, courseId)) return;
  if (role === 'admin') {
    await addCourseAdmin(tx, courseId, userId);
    await dropStudentMemberships(tx, courseId, userId);
  } else if (!(await isCourseMember(tx, userId, courseId))) {
    await addCourseMember(tx, courseId, userId);
  }
}

/** A new course administered by its creator. */
export async function createCourse(tx: Tx, values: { name: string; createdBy: string }): Promise<string> {
  const course = await insertCourse(tx, { name: values.name, description: '', createdBy: values.createdBy });
  return course.id;
}

/**
 * Takes the user's access to the course away (an LMS roster dropped them): their administration and
 * memberships of it and its lectures go, nothing they made. The course's last administrator is kept:
 * 'kept' then, else whether they had anything to lose.
 */
export async function withdraw(tx: Tx, courseId: string, userId: string): Promise<'removed' | 'kept'> {
  if (await isCourseAdmin(tx, userId, courseId)) {
    if ((await countCourseAdmins(tx, courseId)) <= 1) return 'kept';
    await removeCourseAdmin(tx, courseId, userId);
  }
  await dropStudentMemberships(tx, courseId, userId);
  return 'removed';
}
