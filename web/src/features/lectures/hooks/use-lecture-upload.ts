import { type CreateLectureBody, ERRORS } from '@lectern/shared';
import { useRef, useState } from 'react';
import { useTusUpload } from '../../uploads';
import { createLectureOnly, lectureVideoMetadata, youtubeToLecture } from '../api/uploads';
import type { QueuedVideo } from '../components/VideoQueueList';

/**
 * SPEC §4 "Upload flow": create the lecture, then send each queued video in order. A retry after a
 * failure reuses the lecture already created and skips the videos already sent, so nothing is doubled.
 */
export function useLectureUpload(courseId: string) {
  const { upload, progress } = useTusUpload();
  const lectureId = useRef<string | null>(null);
  const [createdLectureId, setCreatedLectureId] = useState<string | null>(null);
  const [currentKey, setCurrentKey] = useState<string | null>(null);
  const [failure, setFailure] = useState('');

  async function run(
    lecture: CreateLectureBody,
    queue: QueuedVideo[],
    markDone: (key: string) => void,
  ): Promise<boolean> {
    setFailure('');
    try {
      if (!lectureId.current) {
        lectureId.current = (await createLectureOnly(lecture)).id;
        setCreatedLectureId(lectureId.current);
      }
      for (const video of queue.filter((v) => !v.done)) {
        setCurrentKey(video.key);
        if (video.file) {
          await upload(video.file, {
            metadata: lectureVideoMetadata(courseId, lectureId.current, video.title),
          });
        } else {
          await youtubeToLecture({
            courseID: courseId,
            lectureID: lectureId.current,
            title: video.title,
            videoSource: video.link,
          });
        }
        markDone(video.key);
      }
      return true;
    } catch {
      setFailure(ERRORS.uploadFailed);
      return false;
    } finally {
      setCurrentKey(null);
    }
  }

  return { run, progress, currentKey, failure, createdLectureId };
}
