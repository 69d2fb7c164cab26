import { FETCH_ERRORS, LOADING } from '@lectern/shared';
import { Link, useParams } from 'react-router';
import { LoadFailure } from '../../components/ui/LoadFailure';
import { Page } from '../../components/ui/Page';
import { useUser } from '../../features/auth/session-context';
import { CourseSearch } from '../../features/captions/components/CourseSearch';
import { useCourseLectures } from '../../features/courses/api/courses';
import { CourseLectureGrid } from '../../features/courses/components/CourseLectureGrid';
import { JoinLinkBox } from '../../features/courses/components/JoinLinkBox';
import { courseFetchError } from '../../features/courses/utils/course-fetch-error';

export function CoursePage() {
  const { courseId = '' } = useParams();
  const user = useUser();
  const { data: course, isPending, error, refetch } = useCourseLectures(courseId);
  const errorText = courseFetchError(error);

  if (isPending) return <p role="status">{LOADING.session}</p>;
  if (!course) {
    const title = errorText ?? FETCH_ERRORS.courseNotFound;
    return <LoadFailure title={title} onRetry={title !== FETCH_ERRORS.courseNotFound && refetch} />;
  }

  return (
    <Page title={course.name}>
      <p>{course.description}</p>
      {course.isAdmin ? (
        <div className="row">
          <Link className="button" to={`/upload/${course.id}`}>
            + Upload a new lecture video
          </Link>
          <Link className="button secondary" to={`/EditCourse/${course.id}`}>
            Edit course information
          </Link>
        </div>
      ) : (
        <p>
          <Link to={`/courses/${course.id}/questions`}>See all answered questions of this course</Link>
        </p>
      )}
      <CourseSearch courseId={course.id} />
      <h2>Lectures</h2>
      <CourseLectureGrid lectures={course.lectures} isAdmin={course.isAdmin} userId={user.id} />
      {course.isAdmin && <JoinLinkBox id={course.id} idLabel="course ID" />}
    </Page>
  );
}
