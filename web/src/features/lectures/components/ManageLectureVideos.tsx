import { CONFIRM, ERRORS, FETCH_ERRORS, type LectureVideoItem, SUCCESS } from '@lectern/shared';
import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { useLectureVideos } from '../../../lib/lecture-queries';
import { type PlaylistChange, usePlaylistChange } from '../api/lecture-mutations';
import { PendingLectureVideos } from './PendingLectureVideos';
import { VideoTitleEditor } from './VideoTitleEditor';

/** The lecture's playlist: move up/down, rename, remove (SPEC §2 Edit lecture, §4 "Lecture videos"). */
export function ManageLectureVideos({ lectureId }: { lectureId: string }) {
  // While an upload is converted, its progress is read again every few seconds (issue 9).
  const [converting, setConverting] = useState(false);
  const {
    data: all,
    isPending,
    isError,
  } = useLectureVideos(lectureId, {
    refetchInterval: converting ? 3000 : undefined,
  });
  const videos = all?.filter((v) => v.status === 'ready');
  const pending = all?.filter((v) => v.status !== 'ready') ?? [];
  const nowConverting = pending.some((v) => v.status === 'processing');
  if (nowConverting !== converting) setConverting(nowConverting);
  const playlist = usePlaylistChange(lectureId);
  // One change at a time: moves are blocked until the list has been read back from the server.
  const busy = playlist.isPending;

  async function change(what: PlaylistChange, success: string, failure: string) {
    try {
      await playlist.mutateAsync(what);
      toast.success(success);
    } catch {
      toast.error(failure);
    }
  }

  function move(list: LectureVideoItem[], index: number, by: -1 | 1) {
    const ids = list.map((v) => v.id);
    [ids[index], ids[index + by]] = [ids[index + by]!, ids[index]!];
    void change({ kind: 'reorder', videoIds: ids }, SUCCESS.orderUpdated, ERRORS.reorderFailed);
  }

  function remove(video: LectureVideoItem) {
    if (!window.confirm(CONFIRM.removeVideo)) return;
    void change({ kind: 'remove', videoId: video.id }, SUCCESS.videoRemoved, ERRORS.removeVideoFailed);
  }

  const processing = <PendingLectureVideos videos={pending} busy={busy} onDelete={remove} />;

  if (isPending) return <p role="status">Loading lecture videos…</p>;
  if (isError || !videos) return <p className="error-text">{FETCH_ERRORS.lectureVideos}</p>;
  // Uploads still processing are videos on their way: "no videos yet" would say otherwise.
  if (videos.length === 0) return pending.length > 0 ? processing : <p>This lecture has no videos yet.</p>;
  return (
    <>
      <ol aria-label="Lecture videos" aria-busy={busy}>
        {videos.map((video, index) => (
          <li key={video.id} className="row">
            <VideoTitleEditor
              title={video.title}
              disabled={busy}
              onSave={(title) =>
                change(
                  { kind: 'rename', videoId: video.id, title },
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
      {processing}
    </>
  );
}
