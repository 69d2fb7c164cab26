import { UploadProgress } from '../../../components/ui/UploadProgress';
import type { UploadProgressState } from '../../../lib/uploads';
import type { VideoSourceDraft } from '../utils/video-source';

export interface QueuedVideo extends VideoSourceDraft {
  key: string;
  done: boolean;
}

/** The queued videos in upload order, each with its state and, while it uploads, a progress bar. */
export function VideoQueueList({
  queue,
  currentKey,
  progress,
  busy,
  onRemove,
  onCancel,
}: {
  queue: QueuedVideo[];
  currentKey: string | null;
  progress: UploadProgressState;
  busy: boolean;
  onRemove(key: string): void;
  onCancel(): void;
}) {
  if (queue.length === 0) return <p className="hint">The queue is empty.</p>;
  return (
    <ol aria-label="Upload queue">
      {queue.map((video) => (
        <li key={video.key}>
          <strong>{video.title || 'Titled like the lecture'}</strong>{' '}
          <span className="hint">{video.file ? video.file.name : video.link}</span>
          {video.done && <span className="success-text"> (uploaded)</span>}
          {!video.done && !busy && (
            <button
              type="button"
              className="link-button"
              aria-label={`Remove ${video.title || video.file?.name || video.link} from the queue`}
              onClick={() => onRemove(video.key)}
            >
              Remove
            </button>
          )}
          {video.key === currentKey && video.file && progress.fraction !== null && (
            <UploadProgress {...progress} fraction={progress.fraction} onCancel={onCancel} />
          )}
        </li>
      ))}
    </ol>
  );
}
