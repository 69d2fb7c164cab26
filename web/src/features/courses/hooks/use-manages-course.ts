import { useUserCourses } from '../api/courses';

/**
 * Whether the user runs the course, so an admin page can say "You don't manage this course" instead of
 * an admin screen full of refusals (issue 11 #8). undefined while their courses load; true if that read
 * failed (the server still refuses every admin action, so the page merely shows its own errors). An empty
 * course id (the server hides it outside the caller's own courses) is not theirs.
 */
export function useManagesCourse(userId: string, courseId: string | undefined): boolean | undefined {
  const courses = useUserCourses(userId);
  if (courses.isError) return true;
  if (!courses.data || courseId === undefined) return undefined;
  const manages = courses.data.createdCourses.some((course) => course.id === courseId);
  // A cached "no" may predate an invitation just accepted: wait for the refetch before refusing.
  return manages || !courses.isFetching ? manages : undefined;
}
