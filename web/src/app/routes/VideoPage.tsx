import { ANONYMOUS, ERRORS, FETCH_ERRORS, LOADING, POLL_MS, type QuestionDto } from '@lectern/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, lazy, useEffect, useLayoutEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { toast } from '../../lib/toast';
import { LectureBreadcrumb } from '../../components/ui/Breadcrumb';
import { Page } from '../../components/ui/Page';
import { useSession } from '../../features/auth/session-context';
import { CaptionTracks } from '../../features/captions/components/CaptionTracks';
import { TranscriptPanel } from '../../features/captions/components/TranscriptPanel';
import { responseCaptions } from '../../features/captions/components/response-captions';
// Not the feature's index: that would bring the whole room (and its recorder) into the watch page's first load.
import { useEnterRoom } from '../../features/meeting-room/use-enter-room';
import { LecturePlayer } from '../../features/player/components/LecturePlayer';
import { Playlist } from '../../features/player/components/Playlist';
import { useLecturePlayer } from '../../features/player/hooks/useLecturePlayer';
import { nextVideoId } from '../../features/player/utils/playback';
import { AnsweredQuestionList } from '../../features/questions/components/AnsweredQuestionList';
import { OwnQuestions } from '../../features/questions/components/OwnQuestions';
import { questionQuery } from '../../features/questions/api/questions-api';
import { QuestionBox } from '../../features/questions/components/QuestionBox';
import { QuestionCards } from '../../features/questions/components/QuestionCards';
import { VideoNotFound } from '../../features/questions/components/VideoNotFound';
import { useWatchedVideo } from '../../features/questions/hooks/useWatchedVideo';
import { useNow } from '../../lib/use-now';
import { usePhoneLayout } from '../../lib/use-phone-layout';
import { isLiveNow } from '../../lib/live-window';
import { dropEarlyShell } from '../../lib/early-reads';
import { recordWatched } from '../../lib/watch-progress';

// Loaded when a student first opens an answer, not with the page: the watch page's first load is held to
// its budget (scripts/lib/first-load.mjs), and most visits open no answer.
// Classmates' waiting questions (issue 24), for students of a course that lets them answer.
const ClassmatesQuestions = lazy(() => import('../../features/questions/components/ClassmatesQuestions'));
const ResponseOverlay = lazy(() =>
  import('../../features/questions/components/ResponseOverlay').then((m) => ({ default: m.ResponseOverlay })),
);
import { askedBy } from '../../features/questions/utils/own-questions';

/** Student video view (SPEC §2): one view per video, so moving to another video starts afresh. */
export function VideoPage() {
  const { videoId = '' } = useParams();
  return <VideoView key={videoId} videoId={videoId} />;
}

function VideoView({ videoId }: { videoId: string }) {
  const { videoAnswerId } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const here = location.pathname + location.search;
  const { user } = useSession();
  const enterRoom = useEnterRoom();
  const { handle: player, nav, playerProps } = useLecturePlayer();
  const queryClient = useQueryClient();
  const [time, setTime] = useState({ current: nav.seekTo ?? 0, duration: Number.NaN });
  const [open, setOpen] = useState<QuestionDto | null>(null);
  const [answerDismissed, setAnswerDismissed] = useState(false);
  const phone = usePhoneLayout();

  const { video, lectureId, lecture, playlist } = useWatchedVideo(videoId, Boolean(user));
  const live = isLiveNow(lecture.data, useNow(POLL_MS.liveWindowCheck));
  const answered = (video.data?.questions ?? []).filter((q) => q.response);
  // The video read holds the caller's own questions whatever their state (issue 11 #1).
  const mine = user ? askedBy(video.data?.questions ?? [], user.id) : [];

  // With /video/{id}/{responseId} the response overlay opens at once (SPEC §2).
  const fromUrl =
    videoAnswerId && !answerDismissed ? answered.find((q) => q.response === videoAnswerId) : undefined;
  const shown = open ?? fromUrl ?? null;
  const missingAnswer = Boolean(videoAnswerId && video.data && !fromUrl && !answerDismissed);
  useEffect(() => {
    if (missingAnswer) toast.error(ERRORS.noResponseYet);
  }, [missingAnswer]);

  // A cold load's shell (inline/watch-shell.html) stands in for this page until the page shows its video
  // or why not; the player, a child whose layout effects run first, has adopted the shell's <video> then.
  useLayoutEffect(() => {
    if (!video.isPending) dropEarlyShell();
  }, [video.isPending]);
  useLayoutEffect(() => dropEarlyShell, []);

  if (video.isPending) return <p role="status">{LOADING.videoAndQuestions}</p>;
  if (video.isError) return <VideoNotFound />;
  const v = video.data;
  const logContext = { videoID: v.id, lectureID: lectureId ?? null, courseID: v.courseID || null };

  const openResponse = (question: QuestionDto) => {
    player.current?.pause();
    setOpen(question);
  };
  // A suggestion names its question; the overlay shows the question as any card does (its votes too).
  const openSuggestion = async (questionId: string) => {
    try {
      openResponse(await queryClient.fetchQuery(questionQuery(questionId)));
    } catch {
      toast.error(FETCH_ERRORS.loadingResponse);
    }
  };
  const seek = (question: QuestionDto) => player.current?.seekTo(question.timeAsked);
  const playNext = () => {
    const next = nextVideoId(playlist.data ?? [], v.id);
    if (next) navigate(`/video/${next}?lectureId=${lectureId}`, { state: { autoplay: true } });
  };

  // Beside the player on a desk, right under it on a phone (issue 21), where they fold away.
  const momentCards = (
    <QuestionCards
      questions={answered}
      currentTime={time.current}
      duration={time.duration}
      onOpen={openResponse}
      collapsible={phone}
    />
  );

  return (
    <Page title={v.title} breadcrumb={<LectureBreadcrumb lecture={lecture.data} />}>
      {!user && (
        <div className="card" role="note">
          <p className="error-text">{ANONYMOUS.warning}</p>
          <p>{ANONYMOUS.askingDisabled}</p>
          {/* Back to this video once signed in (afterLoginPath follows `from`). */}
          <p className="row">
            <Link className="button" to="/login" state={{ from: here }}>
              Log in
            </Link>
            <Link className="button secondary" to="/signup" state={{ from: here }}>
              Sign up
            </Link>
          </p>
        </div>
      )}
      <div className="two-columns lecture-layout">
        <aside>
          {!phone && momentCards}
          {playlist.data && (
            <Playlist
              videos={playlist.data}
              currentId={v.id}
              hrefFor={(id) => `/video/${id}?lectureId=${lectureId}`}
            />
          )}
          <TranscriptPanel
            owner="video"
            ownerId={v.id}
            currentTime={time.current}
            onSeek={(seconds) => player.current?.seekTo(seconds)}
          />
        </aside>
        <div className="lecture-main">
          <LecturePlayer
            video={v}
            {...playerProps}
            usage={logContext}
            tracks={<CaptionTracks owner="video" ownerId={v.id} />}
            onTime={(current, duration) => {
              setTime({ current, duration });
              if (user && lectureId) recordWatched(user.id, lectureId, v.id, current);
            }}
            onEnded={playNext}
          />
          {phone && momentCards}
          {user && (
            <QuestionBox
              videoId={v.id}
              lectureId={lectureId}
              userId={user.id}
              live={live}
              currentTime={() => player.current?.currentTime() ?? time.current}
              shownTime={time.current}
              logContext={logContext}
              onAskedLive={enterRoom}
              onPlaySuggestion={(s) => void openSuggestion(s.questionId)}
            />
          )}
          {mine.length > 0 && (
            <section aria-labelledby="own-questions-heading">
              <h2 id="own-questions-heading">Your questions about this video</h2>
              <OwnQuestions questions={mine} onView={openResponse} />
              <p>
                <Link to={`/${v.id}/questions`}>All questions about this video</Link>
              </p>
            </section>
          )}
          {user && (
            <Suspense fallback={null}>
              <ClassmatesQuestions videoId={v.id} />
            </Suspense>
          )}
          {lectureId && (
            <p>
              <Link
                className="button secondary"
                to={`/lecture-with-responses/${v.id}?lectureId=${lectureId}`}
              >
                All questions with responses in this lecture
              </Link>
            </p>
          )}
          <h2>Previously Asked Questions</h2>
          <AnsweredQuestionList
            questions={answered}
            onView={openResponse}
            onSeek={seek}
            empty="No questions with responses yet."
          />
        </div>
      </div>
      {shown && (
        <Suspense fallback={null}>
          <ResponseOverlay
            question={shown}
            userId={user?.id}
            captions={shown.response ? responseCaptions(shown.response) : undefined}
            startAt={shown === fromUrl ? nav.answerAt : undefined}
            logContext={logContext}
            onClose={() => {
              setOpen(null);
              setAnswerDismissed(true);
              player.current?.play(); // the lecture resumes where it was paused (SPEC §4)
            }}
          />
        </Suspense>
      )}
    </Page>
  );
}
