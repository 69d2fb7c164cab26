import { LOADING } from '@lectern/shared';
import type { ReactNode } from 'react';
import { NotCourseAdmin } from '../../components/ui/NotCourseAdmin';
import { useUser } from '../../features/auth/session-context';
import { useManagesCourse } from '../../features/courses/hooks/use-manages-course';

/**
 * An instructor's page (upload, respond, captions, usage) for the admins of `courseId` only: the server
 * refuses everyone else's calls, so they get the "You don't manage this course" page, with the student
 * view when there is one, instead of a form that would fail. Whether the user manages the course is the
 * server's answer (their created courses), not a guess from the page.
 */
export function CourseAdminOnly({
  courseId,
  studentView,
  children,
}: {
  courseId: string | undefined;
  studentView?: string;
  children: ReactNode;
}) {
  const user = useUser();
  const manages = useManagesCourse(user.id, courseId);
  if (manages === undefined) return <p role="status">{LOADING.session}</p>;
  if (!manages) return <NotCourseAdmin studentView={studentView} />;
  return children;
}
