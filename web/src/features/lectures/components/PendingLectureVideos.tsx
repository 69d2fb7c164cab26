import { type LectureVideoItem, MEDIA } from '@lectern/shared';

/**
 * The lecture's uploads that are not in the playlist yet (issue 9; only its admins receive them): a
 * processing one with ffmpeg's progress, a failed one with its reason and a Delete button.
 */
export function PendingLectureVideos({
  videos,
  busy,
  onDelete,
}: {
  videos: LectureVideoItem[];
  busy: boolean;
  onDelete: (video: LectureVideoItem) => void;
}) {
  if (videos.length === 0) return null;
  return (
    <ul aria-label="Videos being processed">
      {videos.map((video) => (
        <li key={video.id} className="row">
          <span>{video.title}</span>
          {video.status === 'failed' ? (
            <>
              <span className="error-text">{video.failureReason}</span>
              <button type="button" className="danger" disabled={busy} onClick={() => onDelete(video)}>
                Delete<span className="visually-hidden"> {video.title}</span>
              </button>
            </>
          ) : (
            <span role="status">{MEDIA.processing(video.progress)}</span>
          )}
        </li>
      ))}
    </ul>
  );
}
