import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  courseAdmins,
  courseMembers,
  courses,
  lectureMembers,
  lectureVideos,
  lectures,
  users,
} from '../../db/schema';
import type { CourseRow, LectureRow } from '../access/public';

export async function insertCourse(
  db: DbOrTx,
  values: { name: string; description: string; createdBy: string },
): Promise<CourseRow> {
  const [row] = await db.insert(courses).values(values).returning();
  await db.insert(courseAdmins).values({ courseId: row!.id, userId: values.createdBy });
  return row!;
}

export async function updateCourse(
  db: DbOrTx,
  id: string,
  values: { name: string; description: string; studentsAnswer?: boolean },
): Promise<CourseRow> {
  const [row] = await db.update(courses).set(values).where(eq(courses.id, id)).returning();
  return row!;
}

/** Deletes the course; its lectures, playlist entries and memberships cascade. */
export async function deleteCourseRow(db: DbOrTx, id: string): Promise<void> {
  await db.delete(courses).where(eq(courses.id, id));
}

export async function addCourseAdmin(db: DbOrTx, courseId: string, userId: string): Promise<void> {
  await db.insert(courseAdmins).values({ courseId, userId });
}

/** Adds these users to the course's administrators or its students (those already there stay). */
export async function addToCourse(
  db: DbOrTx,
  role: 'admin' | 'student',
  courseId: string,
  userIds: readonly string[],
): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .insert(role === 'admin' ? courseAdmins : courseMembers)
    .values(userIds.map((userId) => ({ courseId, userId })))
    .onConflictDoNothing();
}

export async function removeCourseAdmins(
  db: DbOrTx,
  courseId: string,
  userIds: readonly string[],
): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .delete(courseAdmins)
    .where(and(eq(courseAdmins.courseId, courseId), inArray(courseAdmins.userId, [...userIds])));
}

/** The course's administrators, the longest-standing first. */
export async function courseAdminIds(db: DbOrTx, courseId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: courseAdmins.userId })
    .from(courseAdmins)
    .where(eq(courseAdmins.courseId, courseId))
    .orderBy(asc(courseAdmins.createdAt), asc(courseAdmins.userId));
  return rows.map((r) => r.userId);
}

/** Ends these users' student memberships of the course and of its single lectures (a new admin's, a drop's). */
export async function dropStudentMemberships(
  db: DbOrTx,
  courseId: string,
  userIds: readonly string[],
): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .delete(courseMembers)
    .where(and(eq(courseMembers.courseId, courseId), inArray(courseMembers.userId, [...userIds])));
  const courseLectures = db.select({ id: lectures.id }).from(lectures).where(eq(lectures.courseId, courseId));
  await db
    .delete(lectureMembers)
    .where(
      and(inArray(lectureMembers.userId, [...userIds]), inArray(lectureMembers.lectureId, courseLectures)),
    );
}

export async function addCourseMember(db: DbOrTx, courseId: string, userId: string): Promise<void> {
  await db.insert(courseMembers).values({ courseId, userId }).onConflictDoNothing();
}

export async function addLectureMember(db: DbOrTx, lectureId: string, userId: string): Promise<void> {
  await db.insert(lectureMembers).values({ lectureId, userId }).onConflictDoNothing();
}

const summary = { id: courses.id, name: courses.name, description: courses.description };
export type CourseSummaryRow = { id: string; name: string; description: string };

export async function coursesJoinedBy(db: DbOrTx, userId: string): Promise<CourseSummaryRow[]> {
  return db
    .select(summary)
    .from(courseMembers)
    .innerJoin(courses, eq(courses.id, courseMembers.courseId))
    .where(eq(courseMembers.userId, userId))
    .orderBy(asc(courseMembers.createdAt));
}

export async function coursesAdministeredBy(db: DbOrTx, userId: string): Promise<CourseSummaryRow[]> {
  return db
    .select(summary)
    .from(courseAdmins)
    .innerJoin(courses, eq(courses.id, courseAdmins.courseId))
    .where(eq(courseAdmins.userId, userId))
    .orderBy(asc(courseAdmins.createdAt));
}

export async function lecturesJoinedBy(
  db: DbOrTx,
  userId: string,
): Promise<{ lecture: LectureRow; courseName: string }[]> {
  return db
    .select({ lecture: lectures, courseName: courses.name })
    .from(lectureMembers)
    .innerJoin(lectures, eq(lectures.id, lectureMembers.lectureId))
    .innerJoin(courses, eq(courses.id, lectures.courseId))
    .where(eq(lectureMembers.userId, userId))
    .orderBy(asc(lectures.lectureDate));
}

/** Ids of every video in any lecture of the course (candidates for orphan cleanup). */
export async function videoIdsOfCourse(db: DbOrTx, courseId: string): Promise<string[]> {
  const rows = await db
    .select({ videoId: lectureVideos.videoId })
    .from(lectureVideos)
    .innerJoin(lectures, eq(lectures.id, lectureVideos.lectureId))
    .where(eq(lectures.courseId, courseId));
  return rows.map((r) => r.videoId);
}

/** The course's students by name, those whose name holds `q` (any case) when given; at most `limit`. */
export async function courseMembersByName(
  db: DbOrTx,
  courseId: string,
  q: string | undefined,
  limit: number,
): Promise<{ id: string; name: string }[]> {
  return db
    .select({ id: users.id, name: users.name })
    .from(courseMembers)
    .innerJoin(users, eq(users.id, courseMembers.userId))
    .where(
      and(
        eq(courseMembers.courseId, courseId),
        q ? sql`strpos(lower(${users.name}), lower(${q})) > 0` : undefined,
      ),
    )
    .orderBy(asc(users.name), asc(users.id))
    .limit(limit);
}
