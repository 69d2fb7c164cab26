import { FETCH_ERRORS, LOADING } from '@lectern/shared';
import { Link } from 'react-router';
import { Page } from '../../components/ui/Page';
import { useUser } from '../../features/auth/session-context';
import { useUserCourses } from '../../features/courses/api/courses';
import { CourseGrid } from '../../features/courses/components/CourseGrid';
import { JoinedLectureGrid } from '../../features/courses/components/JoinedLectureGrid';

export function CoursesPage() {
  const user = useUser();
  const { data, isPending, isError, refetch } = useUserCourses(user.id);

  const courses = data?.joinedCourses ?? [];
  const lectures = data?.joinedLectures ?? [];
  return (
    <Page title="Courses">
      <p>
        <Link className="button" to="/courses/join">
          Join existing course/lecture
        </Link>
      </p>
      {isPending && <p role="status">{LOADING.courses}</p>}
      {isError && (
        <p role="alert" className="error-text">
          {FETCH_ERRORS.courses}{' '}
          <button type="button" className="link-button" onClick={() => void refetch()}>
            Retry
          </button>
        </p>
      )}
      {data && courses.length === 0 && lectures.length === 0 && (
        <p>
          You are not enrolled in any course or lecture yet. Ask your instructor for an access code, then
          follow the link they give you or press the &quot;Join existing course/lecture&quot; button.
        </p>
      )}
      {courses.length > 0 && (
        <section aria-labelledby="enrolled-courses">
          <h2 id="enrolled-courses">Enrolled Courses</h2>
          <CourseGrid courses={courses} />
        </section>
      )}
      {lectures.length > 0 && (
        <section aria-labelledby="enrolled-lectures">
          <h2 id="enrolled-lectures">Enrolled Lectures</h2>
          <JoinedLectureGrid lectures={lectures} />
        </section>
      )}
    </Page>
  );
}
