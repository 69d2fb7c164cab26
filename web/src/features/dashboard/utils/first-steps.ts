import type { UserCoursesAnswer } from '@lectern/shared';

/** Someone who neither manages nor joined a course or lecture: Home shows them the first steps. */
export const hasNothingYet = (courses: UserCoursesAnswer): boolean =>
  [courses.createdCourses, courses.joinedCourses, courses.joinedLectures].every((list) => list.length === 0);
