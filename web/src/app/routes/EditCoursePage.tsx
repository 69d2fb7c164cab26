import { CONFIRM, ERRORS, FETCH_ERRORS, LOADING, SUCCESS } from '@lectern/shared';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { Page } from '../../components/ui/Page';
import { errorMessage } from '../../lib/api-client';
import { useDeleteCourse } from '../../features/courses/api/course-mutations';
import { useCourse } from '../../features/courses/api/courses';
import { ConfirmDelete } from '../../features/courses/components/ConfirmDelete';
import { EditCourseForm } from '../../features/courses/components/EditCourseForm';
import { useErrorToast } from '../../features/courses/hooks/use-error-toast';
import { courseFetchError } from '../../features/courses/utils/course-fetch-error';

export function EditCoursePage() {
  const { courseId = '' } = useParams();
  const navigate = useNavigate();
  const deleteCourse = useDeleteCourse();
  const { data: course, isPending, error } = useCourse(courseId);
  const errorText = courseFetchError(error);
  useErrorToast(errorText);

  async function remove() {
    try {
      await deleteCourse.mutateAsync(courseId);
      toast.success(SUCCESS.courseDeleted);
      void navigate('/my-videos');
    } catch (failure) {
      toast.error(errorMessage(failure, ERRORS.unexpected));
    }
  }

  if (isPending) return <p role="status">{LOADING.session}</p>;
  if (!course) return <Page title={errorText ?? FETCH_ERRORS.courseNotFound} />;

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
