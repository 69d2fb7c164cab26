import type { CourseLecturesAnswer, UserCoursesAnswer } from '@lectern/shared';
import { POLL_MS } from '@lectern/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
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
    firstVideoId: l.firstVideoId,
  }));
}

/** Reloaded with the dashboard every 30 s (SPEC §2 Home). */
export const useJoinedLectures = (userId: string) =>
  useQuery({
    queryKey: ['dashboard', 'joined-lectures', userId],
    queryFn: () => fetchJoinedLectures(userId),
    refetchInterval: POLL_MS.dashboard,
  });
