import { STATUS_TEXT } from '@lectern/shared';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Page } from '../../components/ui/Page';
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
  return (
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
}
