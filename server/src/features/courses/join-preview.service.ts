import { ERRORS, type JoinPreviewAnswer } from '@lectern/shared';
import type { AppDeps } from '../../app-deps';
import { notFound } from '../../lib/errors';
import { ANYONE, adminsOfCourse, findCourse, findLecture, lectureAllows } from '../access/public';

/**
 * What a join link joins, told before joining (issue 21), also to a visitor on its login page: whoever
 * holds the code may join and learn as much; an unreleased lecture's title waits for its release.
 */
export function createJoinPreviewService({ db, clock }: AppDeps) {
  return {
    async preview(code: string): Promise<JoinPreviewAnswer> {
      const lecture = await findLecture(db, code);
      const course = await findCourse(db, lecture?.courseId ?? code);
      if (!course) throw notFound(ERRORS.courseDoesNotExist);
      const admins = await adminsOfCourse(db, course.id);
      return {
        courseName: course.name,
        instructors: admins.map((a) => a.name),
        lectureTitle: lecture && lectureAllows('sees', ANYONE, lecture, clock()) ? lecture.title : null,
      };
    },
  };
}
