import { FETCH_ERRORS, LOADING } from '@lectern/shared';
import { Link, useParams } from 'react-router';
import { LectureBreadcrumb } from '../../components/ui/Breadcrumb';
import { LoadFailure } from '../../components/ui/LoadFailure';
import { Page } from '../../components/ui/Page';
import { ApiError } from '../../lib/api-client';
import { useLecture } from '../../lib/lecture-queries';

/** Where a joined lecture without a video leads (SPEC §2): its title, its course, and that no video is there yet. */
export function LecturePage() {
  const { id = '' } = useParams();
  const { data: lecture, isPending, error, refetch } = useLecture(id);
  const notFound = error instanceof ApiError && error.status === 404;

  if (isPending) return <p role="status">{LOADING.session}</p>;
  if (!lecture) {
    return (
      <LoadFailure
        title={notFound ? 'Lecture not found' : FETCH_ERRORS.lectures}
        onRetry={!notFound && refetch}
      />
    );
  }
  return (
    // The course id is sent to the course's own students only (a lecture link opens one lecture).
    <Page title={lecture.title} breadcrumb={<LectureBreadcrumb lecture={lecture} />}>
      {lecture.topic && <p>Topic: {lecture.topic}</p>}
      {lecture.firstVideoId ? (
        <p>
          <Link to={`/video/${lecture.firstVideoId}?lectureId=${lecture.id}`}>Watch the lecture</Link>
        </p>
      ) : (
        <p role="status">
          There is no video in this lecture yet. Come back once your instructor has added one.
        </p>
      )}
    </Page>
  );
}
