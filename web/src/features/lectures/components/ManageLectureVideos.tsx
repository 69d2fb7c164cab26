import { CONFIRM, ERRORS, FETCH_ERRORS, type LectureVideoItem, SUCCESS } from '@lectern/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { lectureKeys, useLectureVideos } from '../../../lib/lecture-queries';
import { removeLectureVideo, reorderLectureVideos } from '../api/lectures';
import { renameLectureVideo } from '../api/uploads';
import { VideoTitleEditor } from './VideoTitleEditor';

/** The lecture's playlist: move up/down, rename, remove (SPEC §2 Edit lecture, §4 "Lecture videos"). */
export function ManageLectureVideos({ lectureId }: { lectureId: string }) {
  const queryClient = useQueryClient();
  const { data: videos, isPending, isError } = useLectureVideos(lectureId);
  const [busy, setBusy] = useState(false);

  /** One change at a time: moves are blocked until the list has been read back from the server. */
  async function change(action: () => Promise<unknown>, success: string, failure: string) {
    setBusy(true);
    try {
      await action();
      toast.success(success);
    } catch {
      toast.error(failure);
    } finally {
      await queryClient.invalidateQueries({ queryKey: lectureKeys.lecture(lectureId) });
      await queryClient.invalidateQueries({ queryKey: lectureKeys.videos(lectureId) });
      setBusy(false);
    }
  }

  function move(list: LectureVideoItem[], index: number, by: -1 | 1) {
    const ids = list.map((v) => v.id);
    [ids[index], ids[index + by]] = [ids[index + by]!, ids[index]!];
    void change(() => reorderLectureVideos(lectureId, ids), SUCCESS.orderUpdated, ERRORS.reorderFailed);
  }

  function remove(video: LectureVideoItem) {
    if (!window.confirm(CONFIRM.removeVideo)) return;
    void change(
      () => removeLectureVideo(lectureId, video.id),
      SUCCESS.videoRemoved,
      ERRORS.removeVideoFailed,
    );
  }

  if (isPending) return <p role="status">Loading lecture videos…</p>;
  if (isError || !videos) return <p className="error-text">{FETCH_ERRORS.lectureVideos}</p>;
  if (videos.length === 0) return <p>This lecture has no videos yet.</p>;
  return (
    <ol aria-label="Lecture videos" aria-busy={busy}>
      {videos.map((video, index) => (
        <li key={video.id} className="row">
          <VideoTitleEditor
            title={video.title}
            disabled={busy}
            onSave={(title) =>
              change(
                () => renameLectureVideo(video.id, title),
                SUCCESS.titleUpdated,
                ERRORS.updateTitleFailed,
              )
            }
          />
          <button
            type="button"
            className="secondary"
            aria-label={`Move ${video.title} up`}
            disabled={busy || index === 0}
            onClick={() => move(videos, index, -1)}
          >
            ↑
          </button>
          <button
            type="button"
            className="secondary"
            aria-label={`Move ${video.title} down`}
            disabled={busy || index === videos.length - 1}
            onClick={() => move(videos, index, 1)}
          >
            ↓
          </button>
          <button type="button" className="danger" onClick={() => remove(video)} disabled={busy}>
            Remove<span className="visually-hidden"> {video.title}</span>
          </button>
        </li>
      ))}
    </ol>
  );
}
