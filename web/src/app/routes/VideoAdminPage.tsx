import { FETCH_ERRORS, LOADING, type QuestionDto } from '@lectern/shared';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { LectureBreadcrumb } from '../../components/ui/Breadcrumb';
import { NotCourseAdmin } from '../../components/ui/NotCourseAdmin';
import { Page } from '../../components/ui/Page';
import { useErrorToast } from '../../lib/use-error-toast';
import { useUser } from '../../features/auth/session-context';
import { CaptionTracks } from '../../features/captions/components/CaptionTracks';
import { responseCaptions } from '../../features/captions/components/response-captions';
import { useManagesCourse } from '../../features/courses/hooks/use-manages-course';
import { WhereUsedButton } from '../../features/lectures/components/WhereUsedButton';
import { LecturePlayer } from '../../features/player/components/LecturePlayer';
import { Playlist } from '../../features/player/components/Playlist';
import { useLecturePlayer } from '../../features/player/hooks/useLecturePlayer';
import { nextVideoId } from '../../features/player/utils/playback';
import { useLectureQuestions } from '../../features/questions/api/questions-api';
import { LectureQuestionsAdmin } from '../../features/questions/components/LectureQuestionsAdmin';
import { ResponseOverlay } from '../../features/questions/components/ResponseOverlay';
import { VideoNotFound } from '../../features/questions/components/VideoNotFound';
import { useWatchedVideo } from '../../features/questions/hooks/useWatchedVideo';
import { ActiveStudentsBox } from '../../features/usage/components/ActiveStudentsBox';

/** Instructor lecture view (SPEC §2 /videoAdmin/{videoId}?lectureId=). */
export function VideoAdminPage() {
  const { videoId = '' } = useParams();
  return <VideoAdminView key={videoId} videoId={videoId} />;
}

function VideoAdminView({ videoId }: { videoId: string }) {
  const user = useUser();
  const navigate = useNavigate();
  const { handle: player, playerProps } = useLecturePlayer();
  const [open, setOpen] = useState<QuestionDto | null>(null);

  const { video, lectureId, lecture, playlist } = useWatchedVideo(videoId, true);
  const manages = useManagesCourse(user.id, video.data?.courseID);
  // A student's lecture questions are not the admin list: none asked for until the course is known theirs.
  const questions = useLectureQuestions(manages ? lectureId : undefined);

  useErrorToast(questions.isError && FETCH_ERRORS.failedQuestions, questions.error);

  if (video.isPending || (video.isSuccess && manages === undefined)) {
    return <p role="status">{LOADING.videoAndQuestions}</p>;
  }
  if (video.isError || !lectureId) return <VideoNotFound />;
  const v = video.data;
  if (!manages) return <NotCourseAdmin studentView={`/video/${v.id}?lectureId=${lectureId}`} />;
  const adminHref = (id: string) => `/videoAdmin/${id}?lectureId=${lectureId}`;

  const seek = (q: QuestionDto) => {
    if (q.videoId === v.id) player.current?.seekTo(q.timeAsked);
    else navigate(adminHref(q.videoId), { state: { seekTo: q.timeAsked } });
  };
  const playNext = () => {
    const next = nextVideoId(playlist.data ?? [], v.id);
    if (next) navigate(adminHref(next), { state: { autoplay: true } });
  };

  return (
    <Page
      title={lecture.data?.title ?? v.title}
      breadcrumb={<LectureBreadcrumb lecture={lecture.data} />}
      actions={<WhereUsedButton videoId={v.id} />}
    >
      <div className="row">
        <Link to={`/editLecture/${lectureId}`}>Edit lecture</Link>
        <Link to={`/duplicateLecture/${lectureId}`}>Duplicate lecture</Link>
        <Link to={`/video/${v.id}?lectureId=${lectureId}`}>Student view of this lecture</Link>
        <Link to={`/captions/video/${v.id}`}>Captions and transcript</Link>
      </div>
      <ActiveStudentsBox lectureId={lectureId} videoId={v.id} />
      <div className="two-columns lecture-layout">
        <aside>
          <h2>{lecture.data?.title}</h2>
          {playlist.data && <Playlist videos={playlist.data} currentId={v.id} hrefFor={adminHref} />}
        </aside>
        <div className="lecture-main">
          <LecturePlayer
            video={v}
            {...playerProps}
            onEnded={playNext}
            tracks={<CaptionTracks owner="video" ownerId={v.id} />}
          />
          {questions.isPending ? (
            <p role="status">{LOADING.questions}</p>
          ) : (
            <LectureQuestionsAdmin
              questions={questions.data ?? []}
              playlist={playlist.data ?? []}
              onView={(q) => {
                player.current?.pause();
                setOpen(q);
              }}
              onSeek={seek}
            />
          )}
        </div>
      </div>
      {open && (
        <ResponseOverlay
          question={open}
          userId={user.id}
          captions={open.response ? responseCaptions(open.response) : undefined}
          logContext={{ videoID: open.videoId, lectureID: lectureId, courseID: v.courseID }}
          onClose={() => setOpen(null)}
        />
      )}
    </Page>
  );
}
