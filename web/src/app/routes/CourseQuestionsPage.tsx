import { FETCH_ERRORS, LOADING, type QuestionDto } from '@lectern/shared';
import { useId, useRef, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { Page } from '../../components/ui/Page';
import { useErrorToast } from '../../lib/use-error-toast';
import { useSession } from '../../features/auth/session-context';
import { CaptionTracks } from '../../features/captions/components/CaptionTracks';
import { CourseSearch } from '../../features/captions/components/CourseSearch';
import { responseCaptions } from '../../features/captions/components/response-captions';
import { LecturePlayer } from '../../features/player/components/LecturePlayer';
import type { PlayerHandle } from '../../features/player/types';
import {
  useCourseAnsweredQuestions,
  useVideoWithQuestions,
} from '../../features/questions/api/questions-api';
import { AnsweredQuestionList } from '../../features/questions/components/AnsweredQuestionList';
import { ResponseOverlay } from '../../features/questions/components/ResponseOverlay';
import { ShowMoreQuestions } from '../../features/questions/components/ShowMoreQuestions';
import { filterByText } from '../../features/questions/utils/question-lists';

/** The video loaded on the right and where it starts. */
interface Target {
  videoId: string;
  time: number;
}

/** All answered questions of a course, searchable, with a lecture video area (SPEC §2). No login needed. */
export function CourseQuestionsPage() {
  const { courseId = '' } = useParams();
  const { user } = useSession();
  const location = useLocation();
  const searchId = useId();
  const [search, setSearch] = useState('');
  const [target, setTarget] = useState<Target | null>(null);
  const [open, setOpen] = useState<QuestionDto | null>(null);
  const player = useRef<PlayerHandle | null>(null);
  // The list is for the course's members (the server answers a visitor 401): a visitor is asked to log in.
  const questions = useCourseAnsweredQuestions(user ? courseId : undefined);
  const video = useVideoWithQuestions(target?.videoId, { covered: Boolean(user) });

  useErrorToast(questions.isError && FETCH_ERRORS.questions, questions.error);
  useErrorToast(video.isError && FETCH_ERRORS.failedLectureVideo, video.error);

  // Another video mounts a new player starting at the time asked; the same video just seeks.
  const load = (q: QuestionDto) => {
    if (target?.videoId === q.videoId) player.current?.seekTo(q.timeAsked);
    else setTarget({ videoId: q.videoId, time: q.timeAsked });
  };
  const shown = filterByText(
    questions.items.filter((q) => q.response),
    search,
  );

  if (!user) {
    return (
      <Page title="Answered questions of the course">
        <p>The answered questions of a course are for its members.</p>
        <p>
          <Link className="button" to="/login" state={{ from: location.pathname }}>
            Log in to see them
          </Link>
        </p>
      </Page>
    );
  }

  return (
    <Page title="Answered questions of the course">
      <CourseSearch courseId={courseId} />
      <div className="two-columns">
        <div>
          <div className="form">
            <label htmlFor={searchId}>Search questions</label>
            <input id={searchId} type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
          </div>
          {questions.isPending ? (
            <p role="status">{LOADING.questions}</p>
          ) : (
            <AnsweredQuestionList
              questions={shown}
              onView={(q) => {
                player.current?.pause();
                setOpen(q);
              }}
              onSeek={load}
              extra={(q) => (
                <button type="button" className="link-button" onClick={() => load(q)}>
                  {q.lectureName}
                </button>
              )}
              empty="No answered questions match."
            />
          )}
          <ShowMoreQuestions list={questions} />
        </div>
        <section aria-label="Lecture video">
          {video.data && target ? (
            <LecturePlayer
              key={target.videoId}
              video={video.data}
              handle={player}
              startAt={target.time}
              tracks={<CaptionTracks owner="video" ownerId={target.videoId} />}
            />
          ) : (
            <p className="hint">Choose a lecture title or a time to watch that moment here.</p>
          )}
        </section>
      </div>
      {open && (
        <ResponseOverlay
          question={open}
          userId={user?.id}
          captions={open.response ? responseCaptions(open.response) : undefined}
          logContext={{ videoID: open.videoId, lectureID: open.lectureID, courseID: open.courseId }}
          onClose={() => setOpen(null)}
        />
      )}
    </Page>
  );
}
