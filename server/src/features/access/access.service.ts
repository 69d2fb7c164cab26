import { and, asc, eq, sql } from 'drizzle-orm';
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
import { type Audience, type Visibility, audienceOfLectures } from '../../events/domain-event';
import { forbidden, notFound } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { ANYONE, lectureAllows, seesCourse, standingIn, standingOfRole } from './visibility';

// Every permission is decided here, keyed by the course that owns the object (SECURITY §2.2):
// never "is this user an admin somewhere", always "in this course". Deny by default.
//   404: the object is unknown, or hidden from this caller (an unreleased lecture, DESIGN §5.4)
//   403: the object exists and the caller may see it, but not do this

// The reads behind the checks: courses, lectures and the caller's roles in them. Other features call them
// through public.ts as the kernel's own functions (issue 22: no feature exports a repository).

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

/** A lecture row as LectureRow holds it, selected beside other columns. */
const LECTURE_ROW = {
  id: lectures.id,
  courseId: lectures.courseId,
  title: lectures.title,
  topic: lectures.topic,
  lectureDate: lectures.lectureDate,
  lectureDateAvailable: lectures.lectureDateAvailable,
  lectureDateStart: lectures.lectureDateStart,
  lectureDateEnd: lectures.lectureDateEnd,
  createdAt: lectures.createdAt,
};

/** The lectures whose playlist holds a video, each with its course. */
export async function lecturesHoldingVideo(db: DbOrTx, videoId: string): Promise<LectureRow[]> {
  return db
    .select(LECTURE_ROW)
    .from(lectureVideos)
    .innerJoin(lectures, eq(lectures.id, lectureVideos.lectureId))
    .where(eq(lectureVideos.videoId, videoId));
}

/**
 * The lectures holding a video, each with whether `userId` administers its course: lecturesHoldingVideo and
 * adminCourseIds in one read, for requireVisibleVideo, which nearly every request about a video runs.
 */
function lecturesHoldingVideoFor(db: DbOrTx, videoId: string, userId: string | null) {
  const administers =
    userId === null
      ? sql<boolean>`false`
      : sql<boolean>`exists (select 1 from ${courseAdmins} where ${courseAdmins.userId} = ${userId}
          and ${courseAdmins.courseId} = ${lectures.courseId})`;
  return db
    .select({ lecture: LECTURE_ROW, administers })
    .from(lectureVideos)
    .innerJoin(lectures, eq(lectures.id, lectureVideos.lectureId))
    .where(eq(lectureVideos.videoId, videoId));
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

export type Role = 'admin' | 'student' | 'none';

export async function courseRole(db: DbOrTx, user: AuthUser | null, courseId: string): Promise<Role> {
  if (!user) return 'none';
  if (await isCourseAdmin(db, user.id, courseId)) return 'admin';
  return (await isCourseMember(db, user.id, courseId)) ? 'student' : 'none';
}

/** The course, if the caller administers it; 404 if unknown, 403 otherwise. */
export async function requireCourseAdmin(db: DbOrTx, user: AuthUser, courseId: string): Promise<CourseRow> {
  const course = await findCourse(db, courseId);
  if (!course) throw notFound('Course not found');
  if (!(await isCourseAdmin(db, user.id, courseId)))
    throw forbidden('Only the course administrators can do that');
  return course;
}

/** The course, if the caller administers it or joined it. */
export async function requireCourseMember(
  db: DbOrTx,
  user: AuthUser,
  courseId: string,
): Promise<{ course: CourseRow; role: Exclude<Role, 'none'> }> {
  const course = await findCourse(db, courseId);
  if (!course) throw notFound('Course not found');
  const role = await courseRole(db, user, courseId);
  if (role === 'none') throw forbidden('Join this course first');
  return { course, role };
}

/** A lecture's role: course admin, or student by course or by lecture membership. */
export async function lectureRole(db: DbOrTx, user: AuthUser | null, lecture: LectureRow): Promise<Role> {
  const role = await courseRole(db, user, lecture.courseId);
  if (role !== 'none' || !user) return role;
  return (await isLectureMember(db, user.id, lecture.id)) ? 'student' : 'none';
}

/** lectureRole from memberships already read (coursesOfUser): the same rule, no query. */
export const lectureRoleIn = (courses: CallerCourses, lecture: Pick<LectureRow, 'id' | 'courseId'>): Role =>
  courses.administered.has(lecture.courseId)
    ? 'admin'
    : belongsToLecture(courses, lecture)
      ? 'student'
      : 'none';

/**
 * A lecture anyone may look at once released (video links are shareable, SPEC §6);
 * before its availability date only its course admins see it.
 */
export async function requireVisibleLecture(
  db: DbOrTx,
  user: AuthUser | null,
  lectureId: string,
  now: Date,
): Promise<{ lecture: LectureRow; role: Role }> {
  const lecture = await findLecture(db, lectureId);
  if (!lecture) throw notFound('Lecture not found');
  const role = await lectureRole(db, user, lecture);
  if (!lectureAllows('sees', standingOfRole(role), lecture, now)) throw notFound('Lecture not found');
  return { lecture, role };
}

/** The lecture, if the caller administers its course. */
export async function requireLectureAdmin(
  db: DbOrTx,
  user: AuthUser,
  lectureId: string,
): Promise<LectureRow> {
  const lecture = await findLecture(db, lectureId);
  if (!lecture) throw notFound('Lecture not found');
  if (!(await isCourseAdmin(db, user.id, lecture.courseId))) {
    throw forbidden('Only the course administrators can do that');
  }
  return lecture;
}

export interface VideoAccess {
  /** Lectures holding the video that this caller may see. */
  lectures: LectureRow[];
  /** True when the caller administers a course holding the video. */
  isAdmin: boolean;
  /** Course ids the caller administers among those holding the video. */
  adminCourseIds: Set<string>;
}

/**
 * Who may see a video: anyone, once a lecture holding it is released; before that, only admins of a
 * course holding it (404 for everyone else). A video in no lecture is visible to nobody.
 */
export async function requireVisibleVideo(
  db: DbOrTx,
  user: AuthUser | null,
  videoId: string,
  now: Date,
): Promise<VideoAccess> {
  const holding = await lecturesHoldingVideoFor(db, videoId, user?.id ?? null);
  const admin = new Set(holding.filter((h) => h.administers).map((h) => h.lecture.courseId));
  const visible = holding
    .map((h) => h.lecture)
    .filter((l) => lectureAllows('sees', { ...ANYONE, administers: admin.has(l.courseId) }, l, now));
  if (visible.length === 0) throw notFound('Video not found');
  return { lectures: visible, isAdmin: admin.size > 0, adminCourseIds: admin };
}

/** The video, if the caller administers a course holding it. */
export async function requireVideoAdmin(
  db: DbOrTx,
  user: AuthUser,
  videoId: string,
  now: Date,
): Promise<VideoAccess> {
  const access = await requireVisibleVideo(db, user, videoId, now);
  if (!access.isAdmin) throw forbidden('Only the course administrators can do that');
  return access;
}

/** Who may hear of a change to a video or its questions: the lectures holding it, as they are now. */
export async function videoAudience(
  db: DbOrTx,
  videoId: string,
  visibility: Visibility,
  askerId?: string | null,
): Promise<Audience> {
  return audienceOfLectures(visibility, await lecturesHoldingVideo(db, videoId), askerId);
}
