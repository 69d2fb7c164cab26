import { POLL_MS } from '@lectern/shared';
import { useSearchParams } from 'react-router';
import { useVideoEvents, usePollInterval } from '../../../lib/events/EventsProvider';
import { useLecture, useLectureVideos } from '../../../lib/lecture-queries';
import { useVideoWithQuestions } from '../api/questions-api';

/**
 * What every page that plays a lecture video loads (SPEC §2 /video, /videoAdmin, /lecture-with-responses):
 * the video with its questions, and the lecture it is watched in with its playlist, all polled (SPEC §4)
 * while the events stream is down. The lecture is ?lectureId= when given, else the video's own lecture
 * once the video has loaded. The page subscribes to the video's answers, which is what an anonymous
 * watcher or one who is not a course member receives; signed out, nothing else arrives, so the rest polls.
 */
export function useWatchedVideo(videoId: string, signedIn: boolean) {
  const [search] = useSearchParams();
  const video = useVideoWithQuestions(videoId, { lectureId: search.get('lectureId'), covered: signedIn });
  useVideoEvents(video.isSuccess ? videoId : undefined);
  const lectureId = search.get('lectureId') ?? video.data?.lectureID;
  const polled = { refetchInterval: usePollInterval(POLL_MS.videoPage, signedIn) };
  const lecture = useLecture(lectureId, polled);
  const all = useLectureVideos(lectureId, polled);
  // Admins also receive the lecture's uploads still processing or failed: nothing a player can play.
  const playlist = { ...all, data: all.data?.filter((v) => v.status === 'ready') };
  return { video, lectureId, lecture, playlist };
}
