import { and, asc, eq, inArray } from 'drizzle-orm';
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
import { seesCourse, standingIn } from './visibility';

export type LectureRow = typeof lectures.$inferSelect;
export type CourseRow = typeof courses.$inferSelect;

export async function findCourse(db: DbOrTx, courseId: string): Promise<CourseRow | null> {
  const [row] = await db.select().from(courses).where(eq(courses.id, courseId)).limit(1);
  return row ?? null;
}

export async function findLecture(db: DbOrTx, lectureId: string): Promise<LectureRow | null> {
  const [row] = await db.select().from(lectures).where(eq(lectures.id, lectureId)).limit(1);
  return row ?? null;
}

export async function isCourseAdmin(db: DbOrTx, userId: string, courseId: string): Promise<boolean> {
  const rows = await db
    .select({ one: courseAdmins.userId })
    .from(courseAdmins)
    .where(and(eq(courseAdmins.courseId, courseId), eq(courseAdmins.userId, userId)))
    .limit(1);
  return rows.length > 0;
}

export async function isCourseMember(db: DbOrTx, userId: string, courseId: string): Promise<boolean> {
  const rows = await db
    .select({ one: courseMembers.userId })
    .from(courseMembers)
    .where(and(eq(courseMembers.courseId, courseId), eq(courseMembers.userId, userId)))
    .limit(1);
  return rows.length > 0;
}

export async function isLectureMember(db: DbOrTx, userId: string, lectureId: string): Promise<boolean> {
  const rows = await db
    .select({ one: lectureMembers.userId })
    .from(lectureMembers)
    .where(and(eq(lectureMembers.lectureId, lectureId), eq(lectureMembers.userId, userId)))
    .limit(1);
  return rows.length > 0;
}

/** The lectures whose playlist holds a video, each with its course. */
export async function lecturesHoldingVideo(db: DbOrTx, videoId: string): Promise<LectureRow[]> {
  return db
    .select({
      id: lectures.id,
      courseId: lectures.courseId,
      title: lectures.title,
      topic: lectures.topic,
      lectureDate: lectures.lectureDate,
      lectureDateAvailable: lectures.lectureDateAvailable,
      lectureDateStart: lectures.lectureDateStart,
      lectureDateEnd: lectures.lectureDateEnd,
      createdAt: lectures.createdAt,
    })
    .from(lectureVideos)
    .innerJoin(lectures, eq(lectures.id, lectureVideos.lectureId))
    .where(eq(lectureVideos.videoId, videoId));
}

/** Of the given courses, those the user administers. */
export async function adminCourseIds(db: DbOrTx, userId: string, courseIds: string[]): Promise<Set<string>> {
  if (courseIds.length === 0) return new Set();
  const rows = await db
    .select({ courseId: courseAdmins.courseId })
    .from(courseAdmins)
    .where(and(eq(courseAdmins.userId, userId), inArray(courseAdmins.courseId, courseIds)));
  return new Set(rows.map((r) => r.courseId));
}

/** The administrators of a course, creator first. Names only: never e-mails (DESIGN §5.3). */
export async function adminsOfCourse(db: DbOrTx, courseId: string): Promise<{ id: string; name: string }[]> {
  return db
    .select({ id: users.id, name: users.name })
    .from(courseAdmins)
    .innerJoin(users, eq(users.id, courseAdmins.userId))
    .where(eq(courseAdmins.courseId, courseId))
    .orderBy(asc(courseAdmins.createdAt), asc(users.name));
}

/** The courses a user administers, those they joined as a student, and lectures they joined alone. */
export interface CallerCourses {
  administered: ReadonlySet<string>;
  joined: ReadonlySet<string>;
  joinedLectures: ReadonlySet<string>;
}

export const NO_COURSES: CallerCourses = {
  administered: new Set(),
  joined: new Set(),
  joinedLectures: new Set(),
};

export async function coursesOfUser(db: DbOrTx, userId: string | null): Promise<CallerCourses> {
  if (userId === null) return NO_COURSES;
  const admin = await db
    .select({ courseId: courseAdmins.courseId })
    .from(courseAdmins)
    .where(eq(courseAdmins.userId, userId));
  const member = await db
    .select({ courseId: courseMembers.courseId })
    .from(courseMembers)
    .where(eq(courseMembers.userId, userId));
  const lectureRows = await db
    .select({ lectureId: lectureMembers.lectureId })
    .from(lectureMembers)
    .where(eq(lectureMembers.userId, userId));
  return {
    administered: new Set(admin.map((r) => r.courseId)),
    joined: new Set(member.map((r) => r.courseId)),
    joinedLectures: new Set(lectureRows.map((r) => r.lectureId)),
  };
}

/** The caller belongs to the lecture: through its course, or by joining the lecture alone. */
export const belongsToLecture = (courses: CallerCourses, lecture: Pick<LectureRow, 'id' | 'courseId'>) => {
  const standing = standingIn(courses, lecture);
  return standing.administers || standing.member;
};

/** A course id is a join code (SPEC §4): it is shown only to the course's own admins and students. */
export const visibleCourseId = (courses: CallerCourses, courseId: string): string =>
  seesCourse(courses, courseId) ? courseId : '';
