import type { DbOrTx } from '../../db/client';
import { type Audience, type Visibility, audienceOfLectures } from '../../events/domain-event';
import { forbidden, notFound } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import {
  type CallerCourses,
  type CourseRow,
  type LectureRow,
  adminCourseIds,
  belongsToLecture,
  findCourse,
  findLecture,
  isCourseAdmin,
  isCourseMember,
  isLectureMember,
  lecturesHoldingVideo,
} from './access.repository';
import { ANYONE, lectureAllows, standingOfRole } from './visibility';

// Every permission is decided here, keyed by the course that owns the object (SECURITY §2.2):
// never "is this user an admin somewhere", always "in this course". Deny by default.
//   404: the object is unknown, or hidden from this caller (an unreleased lecture, DESIGN §5.4)
//   403: the object exists and the caller may see it, but not do this

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
  const holding = await lecturesHoldingVideo(db, videoId);
  const admin = user
    ? await adminCourseIds(db, user.id, [...new Set(holding.map((l) => l.courseId))])
    : new Set<string>();
  const visible = holding.filter((l) =>
    lectureAllows('sees', { ...ANYONE, administers: admin.has(l.courseId) }, l, now),
  );
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
