import {
  ERRORS,
  Id,
  type JoinConflictBody,
  type JoinCourseAnswer,
  type JoinCourseBody,
  type JoinLectureAnswer,
  type JoinLectureBody,
  SUCCESS,
  VALIDATION,
} from '@lectern/shared';
import type { AppDeps } from '../../app-deps';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import {
  ANYONE,
  findCourse,
  findLecture,
  isCourseAdmin,
  isCourseMember,
  isLectureMember,
  lectureAllows,
} from '../access/public';

import type { LecturesService } from '../lectures/public';
import { addCourseMember, addLectureMember } from './courses.repository';
import { JoinThrottle } from './join-throttle';

/** Either the join happened, or the caller already belongs and the body says where to go (SPEC §4). */
export type JoinOutcome<T> = { joined: true; answer: T } | { joined: false; conflict: JoinConflictBody };

const isId = (value: string): boolean => Id.safeParse(value).success;

export function createJoinService({ db, clock, shared }: AppDeps, lectures: LecturesService) {
  const throttle = new JoinThrottle(shared.counters);

  /** The server acts as the token's user (DESIGN §5.1); then the failed-join brake (AC-11). */
  async function admit(caller: AuthUser, userId: string | undefined): Promise<number> {
    if (userId !== undefined && userId !== caller.id) throw forbidden('You can only join for yourself');
    const now = clock().getTime();
    await throttle.check(caller.id, now);
    return now;
  }

  async function unknown(caller: AuthUser, now: number, message: string): Promise<never> {
    await throttle.recordFailure(caller.id, now);
    throw notFound(message);
  }

  return {
    async joinCourse(caller: AuthUser, body: JoinCourseBody): Promise<JoinOutcome<JoinCourseAnswer>> {
      const now = await admit(caller, body.userId);
      const course = isId(body.courseId) ? await findCourse(db, body.courseId) : null;
      if (!course) return unknown(caller, now, ERRORS.courseDoesNotExist);
      if (await isCourseAdmin(db, caller.id, course.id)) throw badRequest(VALIDATION.cantJoinOwnCourse);
      if (await isCourseMember(db, caller.id, course.id)) {
        return {
          joined: false,
          conflict: { error: ERRORS.alreadyEnrolled, code: 'CONFLICT', courseId: course.id },
        };
      }
      await addCourseMember(db, course.id, caller.id);
      return { joined: true, answer: { message: SUCCESS.courseJoined, id: course.id, courseId: course.id } };
    },

    /** Joining one lecture; before release it is listed only once available (SPEC §4). */
    async joinLecture(caller: AuthUser, body: JoinLectureBody): Promise<JoinOutcome<JoinLectureAnswer>> {
      const now = await admit(caller, body.userId);
      const lecture = isId(body.lectureId) ? await findLecture(db, body.lectureId) : null;
      if (!lecture) return unknown(caller, now, ERRORS.lectureDoesNotExist);
      if (await isCourseAdmin(db, caller.id, lecture.courseId)) {
        throw badRequest(VALIDATION.cantJoinOwnCourse);
      }
      const playlist = (await lectures.playlistsOf(db, [lecture.id])).get(lecture.id) ?? [];
      const firstVideoId = lectureAllows('sees', ANYONE, lecture, now) ? (playlist[0] ?? null) : null;
      // A lecture link opens that lecture only: its course id, a join code for the whole course, goes
      // only to the course's own students (issue 12, item 3).
      const inCourse = await isCourseMember(db, caller.id, lecture.courseId);
      const where = { lectureId: lecture.id, courseId: inCourse ? lecture.courseId : '', firstVideoId };
      if (inCourse || (await isLectureMember(db, caller.id, lecture.id))) {
        return {
          joined: false,
          conflict: { error: ERRORS.alreadyJoinedLecture, code: 'CONFLICT', ...where },
        };
      }
      await addLectureMember(db, lecture.id, caller.id);
      return { joined: true, answer: { message: SUCCESS.lectureJoined, id: lecture.id, ...where } };
    },
  };
}
