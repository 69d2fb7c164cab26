import { FETCH_ERRORS, LOADING } from '@lectern/shared';
import { Link } from 'react-router';
import { Page } from '../../components/ui/Page';
import { useUser } from '../../features/auth/session-context';
import { useUserCourses } from '../../features/courses/api/courses';
import { CourseGrid } from '../../features/courses/components/CourseGrid';
import { PendingInvitations } from '../../features/courses/components/PendingInvitations';
import { useErrorToast } from '../../lib/use-error-toast';

export function MyVideosPage() {
  const user = useUser();
  const { data, isPending, isError, error } = useUserCourses(user.id);
  useErrorToast(isError && FETCH_ERRORS.courses, error);
  const courses = data?.createdCourses ?? [];

  return (
    <Page title="My Videos">
      <p className="row">
        <Link className="button" to="/courses/new">
          + Create a New Course
        </Link>
        <Link className="button secondary" to="/add-admin">
          + Add an admin
        </Link>
      </p>
      <PendingInvitations />
      <section aria-labelledby="created-courses">
        <h2 id="created-courses">
          Created Courses (courses you are managing and need to answer any questions asked)
        </h2>
        {isPending && <p role="status">{LOADING.courses}</p>}
        {isError && <p className="error-text">{FETCH_ERRORS.courses}</p>}
        {data && courses.length === 0 && (
          <p>
            You have not posted any videos yet. Create a course with &quot;+ Create a New Course&quot;, then
            upload your first lecture to it.
          </p>
        )}
        <CourseGrid courses={courses} />
      </section>
    </Page>
  );
}
