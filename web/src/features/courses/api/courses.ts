import type {
  AddAdminBody,
  CourseDto,
  CourseLecturesAnswer,
  CourseMembersAnswer,
  CourseMessageAnswer,
  CreateCourseBody,
  JoinCourseAnswer,
  UpdateCourseBody,
  UserCoursesAnswer,
} from '@lectern/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

// Fetchers and query options of the courses feature (SPEC §7 "Courses and lectures").

/** A missing course answers 404 at once; retrying it only delays "Course not found". */
const retryUnlessNotFound = (failures: number, error: Error) =>
  failures < 1 && !(error instanceof ApiError && [403, 404].includes(error.status));

export const userCoursesQuery = (userId: string) =>
  queryOptions({
    queryKey: queryKeys.courses.userCourses(userId),
    queryFn: ({ signal }) =>
      api<UserCoursesAnswer>(`/api/courses/user-courses/${encodeURIComponent(userId)}`, { signal }),
  });

export const useUserCourses = (userId: string) => useQuery(userCoursesQuery(userId));

export const useCourse = (id: string) =>
  useQuery({
    queryKey: queryKeys.courses.detail(id),
    queryFn: ({ signal }) => api<CourseDto>(`/api/courses/${encodeURIComponent(id)}`, { signal }),
    retry: retryUnlessNotFound,
  });

export const useCourseLectures = (courseId: string) =>
  useQuery({
    queryKey: queryKeys.courses.lectures(courseId),
    queryFn: ({ signal }) =>
      api<CourseLecturesAnswer>(`/api/lectures/courseLectures/${encodeURIComponent(courseId)}`, { signal }),
    retry: retryUnlessNotFound,
  });

export const createCourse = (body: CreateCourseBody) =>
  api<CourseDto>('/api/courses', { method: 'POST', body });

export const updateCourse = (id: string, body: UpdateCourseBody) =>
  api<CourseDto>(`/api/courses/${encodeURIComponent(id)}`, { method: 'PUT', body });

export const deleteCourse = (id: string) =>
  api<CourseMessageAnswer>(`/api/courses/${encodeURIComponent(id)}`, { method: 'DELETE' });

export const joinCourse = (courseId: string, userId: string) =>
  api<JoinCourseAnswer>('/api/courses/join', { method: 'POST', body: { courseId, userId } });

export const addAdmin = (body: AddAdminBody) =>
  api<CourseMessageAnswer>('/api/courses/add-admin', { method: 'POST', body });

/** The course's students whose name holds q, to pick a new admin from (issue 21); admins only. */
export const useCourseMembers = (courseId: string, q: string) =>
  useQuery({
    queryKey: queryKeys.courses.members(courseId, q),
    queryFn: ({ signal }) =>
      api<CourseMembersAnswer>(
        `/api/courses/${encodeURIComponent(courseId)}/members${q ? `?q=${encodeURIComponent(q)}` : ''}`,
        { signal },
      ),
    enabled: courseId !== '',
    placeholderData: keepPreviousData,
    retry: retryUnlessNotFound,
  });
