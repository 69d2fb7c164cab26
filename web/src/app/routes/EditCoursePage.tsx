import { CONFIRM, ERRORS, FETCH_ERRORS, LOADING, SUCCESS } from '@lectern/shared';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from '../../lib/toast';
import { LoadFailure } from '../../components/ui/LoadFailure';
import { NotCourseAdmin } from '../../components/ui/NotCourseAdmin';
import { Page } from '../../components/ui/Page';
import { useUser } from '../../features/auth/session-context';
import { useManagesCourse } from '../../features/courses/hooks/use-manages-course';
import { errorMessage } from '../../lib/api-client';
import { useDeleteCourse } from '../../features/courses/api/course-mutations';
import { useCourse } from '../../features/courses/api/courses';
import { ConfirmDelete } from '../../features/courses/components/ConfirmDelete';
import { EditCourseForm } from '../../features/courses/components/EditCourseForm';
import { courseFetchError } from '../../features/courses/utils/course-fetch-error';
import { LtiRosterPanel } from '../../features/lti/components/LtiRosterPanel';

export function EditCoursePage() {
  const { courseId = '' } = useParams();
  const navigate = useNavigate();
  const deleteCourse = useDeleteCourse();
  const { data: course, isPending, error, refetch } = useCourse(courseId);
  const errorText = courseFetchError(error);
  const manages = useManagesCourse(useUser().id, courseId);

  async function remove() {
    try {
      await deleteCourse.mutateAsync(courseId);
      toast.success(SUCCESS.courseDeleted);
      void navigate('/my-videos');
    } catch (failure) {
      toast.error(errorMessage(failure, ERRORS.unexpected));
    }
  }

  if (isPending || (course && manages === undefined)) return <p role="status">{LOADING.session}</p>;
  if (!course) {
    const title = errorText ?? FETCH_ERRORS.courseNotFound;
    return <LoadFailure title={title} onRetry={title !== FETCH_ERRORS.courseNotFound && refetch} />;
  }

  if (!manages) return <NotCourseAdmin />;
  return (
    <Page title={`Edit course: ${course.name}`}>
      <div className="two-columns">
        <div>
          <p>
            Course ID: <code>{course.id}</code>
          </p>
          <h2>Administrators</h2>
          <ul>
            {course.admins.map((admin) => (
              <li key={admin.id}>
                {admin.name} <span className="hint">({admin.id})</span>
              </li>
            ))}
          </ul>
          <Link className="button secondary" to={`/add-admin?courseId=${course.id}`}>
            + Add an admin
          </Link>
          <LtiRosterPanel courseId={course.id} />
        </div>
        <div>
          <EditCourseForm key={course.id} course={course} />
          <h2>Delete</h2>
          <ConfirmDelete
            checkboxLabel="Delete Course"
            buttonLabel="Delete this course"
            confirmText={CONFIRM.deleteCourse}
            onDelete={remove}
          />
        </div>
      </div>
    </Page>
  );
}
