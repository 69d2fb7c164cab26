import type { CourseLecturesAnswer, UserCoursesAnswer } from '@lectern/shared';
import { POLL_MS } from '@lectern/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { UpcomingLecture } from '../utils/upcoming';

/** Lectures of the joined courses and the lectures joined on their own, not yet filtered by date. */
async function fetchJoinedLectures(userId: string): Promise<UpcomingLecture[]> {
  const courses = await api<UserCoursesAnswer>(`/api/courses/user-courses/${userId}`);
  const perCourse = await Promise.all(
    courses.joinedCourses.map((c) => api<CourseLecturesAnswer>(`/api/lectures/courseLectures/${c.id}`)),
  );
  const fromCourses = perCourse.flatMap((answer) =>
    answer.lectures.map((l) => ({ ...l, courseName: answer.name })),
  );
  return [...fromCourses, ...courses.joinedLectures].map((l) => ({
    id: l.id,
    title: l.title,
    courseName: l.courseName,
    lectureDate: l.lectureDate,
    lectureDateStart: l.lectureDateStart,
    lectureDateEnd: l.lectureDateEnd,
    firstVideoId: l.firstVideoId,
  }));
}

/**
 * Reloaded with the dashboard every 30 s (SPEC §2 Home), with the events stream up or down: a lecture
 * becomes visible to students when its availability date passes, and no event marks that moment.
 */
export const useJoinedLectures = (userId: string) =>
  useQuery({
    queryKey: queryKeys.dashboard.joinedLectures(userId),
    queryFn: () => fetchJoinedLectures(userId),
    refetchInterval: POLL_MS.dashboard,
  });
