import { DELAYS_MS, LOADING, type QuestionDto, STATUS_TEXT } from '@lectern/shared';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { LectureBreadcrumb } from '../../components/ui/Breadcrumb';
import { Page } from '../../components/ui/Page';
import { useUser } from '../../features/auth/session-context';
import { CaptionTracks } from '../../features/captions/components/CaptionTracks';
import { TranscriptPanel } from '../../features/captions/components/TranscriptPanel';
import { responseCaptions } from '../../features/captions/components/response-captions';
import { LecturePlayer } from '../../features/player/components/LecturePlayer';
import { Playlist } from '../../features/player/components/Playlist';
import { useLecturePlayer } from '../../features/player/hooks/useLecturePlayer';
import { useLectureQuestions } from '../../features/questions/api/questions-api';
import { AnsweredQuestionList } from '../../features/questions/components/AnsweredQuestionList';
import { ResponseOverlay } from '../../features/questions/components/ResponseOverlay';
import { VideoNotFound } from '../../features/questions/components/VideoNotFound';
import { useWatchedVideo } from '../../features/questions/hooks/useWatchedVideo';
import { byPlaceInLecture } from '../../features/questions/utils/question-lists';

/** Student list of a lecture's answered questions beside the player (SPEC §2). */
export function LectureWithResponsesPage() {
  const { videoId = '' } = useParams();
  return <LectureWithResponsesView key={videoId} videoId={videoId} />;
}

function LectureWithResponsesView({ videoId }: { videoId: string }) {
  const user = useUser();
  const navigate = useNavigate();
  const { handle: player, nav, playerProps } = useLecturePlayer();
  const [open, setOpen] = useState<QuestionDto | null>(null);
  const [time, setTime] = useState(nav.seekTo ?? 0);

  const { video, lectureId, lecture, playlist } = useWatchedVideo(videoId, true);
  const questions = useLectureQuestions(lectureId);

  // The questions wait for the lecture id, which an unknown video never gives: settle the video first.
  const loading = <p role="status">{LOADING.videoAndQuestions}</p>;
  if (video.isPending) return loading;
  if (video.isError || !lectureId) return <VideoNotFound />;
  if (questions.isPending) return loading;
  const v = video.data;
  const videos = playlist.data ?? [];
  const several = videos.length > 1;
  const hrefFor = (id: string) => `/lecture-with-responses/${id}?lectureId=${lectureId}`;
  const answered = (questions.data ?? [])
    .filter((q) => q.response)
    .sort(byPlaceInLecture(videos.map((x) => x.id)));
  const logContext = { videoID: v.id, lectureID: lectureId, courseID: v.courseID || null };

  // Same video: seek and pause there; another video: go to it, starting at the time asked (SPEC §2).
  const jump = (q: QuestionDto) => {
    if (q.videoId !== v.id) {
      navigate(hrefFor(q.videoId), { state: { seekTo: q.timeAsked } });
      return;
    }
    player.current?.seekTo(q.timeAsked);
    window.setTimeout(() => player.current?.pause(), DELAYS_MS.seekPause);
  };

  return (
    <Page
      title="Questions with responses"
      breadcrumb={
        <LectureBreadcrumb lecture={lecture.data} lectureHref={`/video/${v.id}?lectureId=${lectureId}`} />
      }
    >
      <div className="two-columns lecture-layout">
        <div>
          {several && <Playlist videos={videos} currentId={v.id} hrefFor={hrefFor} />}
          <h2>List of all questions with responses</h2>
          <AnsweredQuestionList
            questions={answered}
            onView={(q) => {
              player.current?.pause();
              setOpen(q);
            }}
            onSeek={jump}
            extra={several ? (q) => <p className="hint">{q.videoTitle}</p> : undefined}
            empty={STATUS_TEXT.noAnsweredInLecture}
          />
        </div>
        <div className="lecture-main">
          <LecturePlayer
            video={v}
            {...playerProps}
            usage={logContext}
            tracks={<CaptionTracks owner="video" ownerId={v.id} />}
            onTime={setTime}
          />
          <TranscriptPanel
            owner="video"
            ownerId={v.id}
            currentTime={time}
            onSeek={(seconds) => player.current?.seekTo(seconds)}
          />
          <p>
            <Link to={`/video/${v.id}?lectureId=${lectureId}`}>Return to standard lecture view</Link>
          </p>
        </div>
      </div>
      {open && (
        <ResponseOverlay
          question={open}
          userId={user.id}
          captions={open.response ? responseCaptions(open.response) : undefined}
          logContext={{ ...logContext, videoID: open.videoId }}
          onClose={() => setOpen(null)}
        />
      )}
    </Page>
  );
}
