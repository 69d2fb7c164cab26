import { POLL_MS } from '@lectern/shared';
import { useSearchParams } from 'react-router';
import { useLecture, useLectureVideos } from '../../../lib/lecture-queries';
import { useVideoWithQuestions } from '../api/questions-api';

/**
 * What every page that plays a lecture video loads (SPEC §2 /video, /videoAdmin, /lecture-with-responses):
 * the video with its questions, and the lecture it is watched in with its playlist, all polled (SPEC §4).
 * The lecture is ?lectureId= when given, else the video's own lecture once the video has loaded.
 */
export function useWatchedVideo(videoId: string) {
  const [search] = useSearchParams();
  const video = useVideoWithQuestions(videoId, search.get('lectureId'));
  const lectureId = search.get('lectureId') ?? video.data?.lectureID;
  const polled = { refetchInterval: POLL_MS.videoPage };
  const lecture = useLecture(lectureId, polled);
  const playlist = useLectureVideos(lectureId, polled);
  return { video, lectureId, lecture, playlist };
}
