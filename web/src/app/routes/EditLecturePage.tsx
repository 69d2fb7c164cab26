import { CONFIRM, ERRORS, FETCH_ERRORS, LOADING, SUCCESS } from '@lectern/shared';
import { useNavigate, useParams } from 'react-router';
import { toast } from '../../lib/toast';
import { LectureBreadcrumb } from '../../components/ui/Breadcrumb';
import { LoadFailure } from '../../components/ui/LoadFailure';
import { NotCourseAdmin } from '../../components/ui/NotCourseAdmin';
import { Page } from '../../components/ui/Page';
import { useUser } from '../../features/auth/session-context';
import { useManagesCourse } from '../../features/courses/hooks/use-manages-course';
import { ApiError, errorMessage } from '../../lib/api-client';
import { ConfirmDelete } from '../../features/courses/components/ConfirmDelete';
import { JoinLinkBox } from '../../features/courses/components/JoinLinkBox';
import { useDeleteLecture } from '../../features/lectures/api/lecture-mutations';
import { useLecture } from '../../lib/lecture-queries';
import { AddLectureVideoForm } from '../../features/lectures/components/AddLectureVideoForm';
import { EditLectureForm } from '../../features/lectures/components/EditLectureForm';
import { ManageLectureVideos } from '../../features/lectures/components/ManageLectureVideos';
import { LtiGradebookToggle } from '../../features/lti/components/LtiGradebookToggle';

export function EditLecturePage() {
  const { lectureId = '' } = useParams();
  const navigate = useNavigate();
  const deleteLecture = useDeleteLecture();
  const { data: lecture, isPending, error, refetch } = useLecture(lectureId);
  const notFound = error instanceof ApiError && error.status === 404;
  const manages = useManagesCourse(useUser().id, lecture?.courseID);

  async function remove() {
    try {
      await deleteLecture.mutateAsync(lectureId);
      toast.success(SUCCESS.lectureDeleted);
      void navigate(-2); // SPEC §4: back past the deleted lecture's own page
    } catch (failure) {
      toast.error(errorMessage(failure, ERRORS.unexpected));
    }
  }

  if (isPending || (lecture && manages === undefined)) return <p role="status">{LOADING.session}</p>;
  if (!lecture) {
    return (
      <LoadFailure
        title={notFound ? 'Lecture not found' : FETCH_ERRORS.lectures}
        onRetry={!notFound && refetch}
      />
    );
  }

  if (!manages) return <NotCourseAdmin studentView={`/lecture/${lecture.id}`} />;
  return (
    <Page
      title={`Edit lecture: ${lecture.title}`}
      breadcrumb={
        <LectureBreadcrumb
          lecture={lecture}
          lectureHref={
            lecture.firstVideoId ? `/videoAdmin/${lecture.firstVideoId}?lectureId=${lecture.id}` : undefined
          }
        />
      }
    >
      <div className="two-columns">
        <div>
          <EditLectureForm key={lecture.id} lecture={lecture} />
          <LtiGradebookToggle lectureId={lecture.id} />
          <h2>Delete</h2>
          <ConfirmDelete
            checkboxLabel="Delete Lecture"
            buttonLabel="Delete this lecture"
            confirmText={CONFIRM.deleteLecture}
            onDelete={remove}
          />
        </div>
        <div>
          <JoinLinkBox id={lecture.id} idLabel="lectureID" />
          <h2>Manage lecture videos</h2>
          <ManageLectureVideos lectureId={lecture.id} />
          <AddLectureVideoForm lectureId={lecture.id} courseId={lecture.courseID} />
        </div>
      </div>
    </Page>
  );
}
