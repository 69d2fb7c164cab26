import type { AddAdminBody, CreateCourseBody, UpdateCourseBody } from '@lectern/shared';
import type { QueryClient } from '@tanstack/react-query';
import { useResubscribe } from '../../../lib/events/EventsProvider';
import { queryKeys } from '../../../lib/query-keys';
import { useWrite } from '../../../lib/use-write';
import { addAdmin, createCourse, deleteCourse, updateCourse } from './courses';
import { type JoinOutcome, joinCourseOrLecture } from './join';

// Every write of the courses feature and what each makes stale: one place.

/** A course change shows in the course lists, the course pages and the dashboard's lectures. */
const refreshCourses = (client: QueryClient) =>
  Promise.all([
    client.invalidateQueries({ queryKey: queryKeys.courses.all }),
    client.invalidateQueries({ queryKey: queryKeys.dashboard.all }),
  ]);

/** Dropped, not refetched: the deleted course's reads would only answer 404. */
function forgetCourses(client: QueryClient) {
  client.removeQueries({ queryKey: queryKeys.courses.all });
  return client.invalidateQueries({ queryKey: queryKeys.dashboard.all });
}

/** The user's courses changed: besides the reads, the events stream must follow the new course at once. */
function useMembershipChange<T>(changed: (answer: T) => boolean = () => true) {
  const resubscribe = useResubscribe();
  return (client: QueryClient, answer: T) => {
    if (changed(answer)) resubscribe();
    return refreshCourses(client);
  };
}

export const useCreateCourse = () =>
  useWrite((body: CreateCourseBody) => createCourse(body), useMembershipChange());

export const useUpdateCourse = () =>
  useWrite(({ id, body }: { id: string; body: UpdateCourseBody }) => updateCourse(id, body), refreshCourses);

export const useDeleteCourse = () => useWrite((id: string) => deleteCourse(id), forgetCourses);

/** Joins a course or a lecture by its id; every outcome is an answer, failures included (see JoinOutcome). */
export const useJoin = () =>
  useWrite(
    ({ code, userId }: { code: string; userId: string }) => joinCourseOrLecture(code, userId),
    useMembershipChange(
      (outcome: JoinOutcome) => outcome.kind === 'courseJoined' || outcome.kind === 'lectureJoined',
    ),
  );

export const useAddAdmin = () => useWrite((body: AddAdminBody) => addAdmin(body), refreshCourses);
