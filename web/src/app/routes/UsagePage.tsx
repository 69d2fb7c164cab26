import { STATUS_TEXT } from '@lectern/shared';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Page } from '../../components/ui/Page';
import { CourseAdminOnly } from '../layout/CourseAdminOnly';
import { useVideoWithQuestions } from '../../features/questions/api/questions-api';
import { VideoUsageReport } from '../../features/usage/components/VideoUsageReport';

/** Per-student usage report of a video (SPEC §2 Usage page, /videoAdmin/{videoId}/usage). */
export function UsagePage() {
  const { videoId } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const lectureId = search.get('lectureId');
  const video = useVideoWithQuestions(videoId, { lectureId });
  const back = () => {
    const query = lectureId ? `?lectureId=${encodeURIComponent(lectureId)}` : '';
    void navigate(`/videoAdmin/${encodeURIComponent(videoId ?? '')}${query}`);
  };
  const courseId = video.data?.courseID;
  const page = (
    <Page
      title="Video Usage Summary"
      subtitle={video.data && <>Video: {video.data.title}</>}
      actions={
        videoId && (
          <button type="button" className="secondary" onClick={back}>
            Back to Lecture (Admin)
          </button>
        )
      }
    >
      {videoId ? <VideoUsageReport videoId={videoId} /> : <p role="alert">{STATUS_TEXT.noVideoIdInRoute}</p>}
    </Page>
  );
  // Without an id the page says so (SPEC §2); an unknown video is the server's 404 in the report.
  if (!videoId || video.isError) return page;
  const studentView = `/video/${encodeURIComponent(videoId)}${lectureId ? `?lectureId=${encodeURIComponent(lectureId)}` : ''}`;
  return (
    <CourseAdminOnly courseId={courseId} studentView={studentView}>
      {page}
    </CourseAdminOnly>
  );
}
