import { type CreateLectureBody, DELAYS_MS, ERRORS } from '@lectern/shared';
import { useRef, useState } from 'react';
import { useAddLectureVideo, useCreateLecture } from '../api/lecture-mutations';
import type { LectureFieldValues } from '../components/LectureFields';
import type { QueuedVideo } from '../components/VideoQueueList';
import { clearPendingUpload, readPendingUpload, writePendingUpload } from '../utils/pending-upload';

/**
 * SPEC §4 "Upload flow": create the lecture, then send each queued video in order. A retry after a
 * failure reuses the lecture already created and skips the videos already sent, so nothing is doubled;
 * after a reload, `pending` is the lecture created before it.
 */
export function useLectureUpload(courseId: string) {
  const createLecture = useCreateLecture();
  const addVideo = useAddLectureVideo();
  const [pending] = useState(() => readPendingUpload(courseId));
  const lectureId = useRef<string | null>(pending?.lectureId ?? null);
  const [createdLectureId, setCreatedLectureId] = useState<string | null>(pending?.lectureId ?? null);
  const [currentKey, setCurrentKey] = useState<string | null>(null);
  const [failure, setFailure] = useState('');

  async function run(
    lecture: CreateLectureBody,
    values: LectureFieldValues,
    queue: QueuedVideo[],
    markDone: (key: string) => void,
  ): Promise<boolean> {
    setFailure('');
    try {
      if (!lectureId.current) {
        lectureId.current = (await createLecture.mutateAsync(lecture)).id;
        setCreatedLectureId(lectureId.current);
        writePendingUpload(courseId, { lectureId: lectureId.current, values });
      }
      for (const video of queue.filter((v) => !v.done)) {
        setCurrentKey(video.key);
        await addVideo.mutateAsync({
          courseId,
          lectureId: lectureId.current,
          title: video.title,
          file: video.file,
          link: video.link,
        });
        markDone(video.key);
      }
      clearPendingUpload(courseId);
      return true;
    } catch {
      setFailure(ERRORS.uploadFailed);
      setTimeout(() => setFailure(''), DELAYS_MS.uploadStatusClear); // SPEC §8: status clears after 5 s
      return false;
    } finally {
      setCurrentKey(null);
    }
  }

  /** Leaves the created lecture as it is; the next upload creates a new one. */
  function forget() {
    clearPendingUpload(courseId);
    lectureId.current = null;
    setCreatedLectureId(null);
  }

  return { run, forget, progress: addVideo.progress, currentKey, failure, createdLectureId, pending };
}
