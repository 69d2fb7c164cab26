import { type CreateLectureBody, DELAYS_MS, ERRORS } from '@lectern/shared';
import { useRef, useState } from 'react';
import { fileRefused, uploadFailureReason } from '../../../lib/uploads/upload-failure';
import { useAddLectureVideo, useCreateLecture, useDeleteLecture } from '../api/lecture-mutations';
import type { LectureFieldValues } from '../components/LectureFields';
import type { QueuedVideo } from '../components/VideoQueueList';
import { clearPendingUpload, readPendingUpload, writePendingUpload } from '../utils/pending-upload';

export const UPLOAD_CANCELLED = 'Upload cancelled. Upload again to send the videos not yet uploaded.';

/**
 * SPEC §4 "Upload flow": create the lecture, then send each queued video in order. A retry after a
 * failure (or a cancel) reuses the lecture already created and skips the videos already sent, so nothing
 * is doubled; after a reload, `pending` is the lecture created before it.
 */
export function useLectureUpload(courseId: string) {
  const createLecture = useCreateLecture();
  const addVideo = useAddLectureVideo();
  const deleteLecture = useDeleteLecture();
  const [pending] = useState(() => readPendingUpload(courseId));
  const lectureId = useRef<string | null>(pending?.lectureId ?? null);
  const [createdLectureId, setCreatedLectureId] = useState<string | null>(pending?.lectureId ?? null);
  const [currentKey, setCurrentKey] = useState<string | null>(null);
  const [failure, setFailure] = useState('');
  const controller = useRef<AbortController | null>(null);

  /** Resolves with the lecture's id once every video is in, or null after a failure or a cancel. */
  async function run(
    lecture: CreateLectureBody,
    values: LectureFieldValues,
    queue: QueuedVideo[],
    markDone: (key: string) => void,
  ): Promise<string | null> {
    setFailure('');
    const cancel = new AbortController();
    controller.current = cancel;
    let createdNow = false;
    let sent = 0;
    try {
      if (!lectureId.current) {
        createdNow = true;
        lectureId.current = (await createLecture.mutateAsync(lecture)).id;
        setCreatedLectureId(lectureId.current);
        writePendingUpload(courseId, { lectureId: lectureId.current, values });
      }
      for (const video of queue.filter((v) => !v.done)) {
        cancel.signal.throwIfAborted();
        setCurrentKey(video.key);
        await addVideo.mutateAsync({
          courseId,
          lectureId: lectureId.current,
          title: video.title,
          file: video.file,
          link: video.link,
          signal: cancel.signal,
        });
        markDone(video.key);
        sent += 1;
      }
      clearPendingUpload(courseId);
      return lectureId.current;
    } catch (error) {
      // A lecture made just now that a refused file left without any video goes again (issue 26): the
      // form keeps its values, and the next try makes a new lecture. After a lost connection it stays,
      // for the retry to resume into.
      if (createdNow && sent === 0 && lectureId.current && fileRefused(error)) {
        await deleteLecture.mutateAsync(lectureId.current).then(forget, () => undefined);
      }
      if (cancel.signal.aborted) setFailure(UPLOAD_CANCELLED);
      else {
        setFailure(`${ERRORS.uploadFailed}: ${uploadFailureReason(error)}`);
        setTimeout(() => setFailure(''), DELAYS_MS.uploadStatusClear); // SPEC §8: status clears after 5 s
      }
      return null;
    } finally {
      controller.current = null;
      setCurrentKey(null);
    }
  }

  /** Stops the upload under way; what was sent stays (tus resumes it on the next try). */
  const cancel = () => controller.current?.abort();

  /** Leaves the created lecture as it is; the next upload creates a new one. */
  function forget() {
    clearPendingUpload(courseId);
    lectureId.current = null;
    setCreatedLectureId(null);
  }

  return {
    run,
    cancel,
    forget,
    progress: addVideo.progress,
    currentKey,
    failure,
    createdLectureId,
    pending,
  };
}
