import { LOADING, formatVideoTime } from '@lectern/shared';
import { Link, useParams } from 'react-router';
import { Page } from '../../components/ui/Page';
import { useVideoWithQuestions } from '../../features/questions/api/questions-api';
import { StatusNote } from '../../features/questions/components/StatusNote';
import { VideoNotFound } from '../../features/questions/components/VideoNotFound';

/** A video's title and every question of it the caller may see (SPEC §2 /{videoId}/questions). */
export function VideoQuestionsPage() {
  const { videoId = '' } = useParams();
  const video = useVideoWithQuestions(videoId);

  if (video.isPending) return <p role="status">{LOADING.questions}</p>;
  if (video.isError) return <VideoNotFound />;
  const v = video.data;
  return (
    <Page title={v.title}>
      <h2>Questions</h2>
      {v.questions.length === 0 ? (
        <p>No questions have been asked about this video yet.</p>
      ) : (
        <ul className="question-list">
          {v.questions.map((q) => (
            <li key={q.id} className="card">
              <p>
                <strong>{q.question}</strong>
              </p>
              <p className="hint">{`${formatVideoTime(q.timeAsked)}${q.whoAsked ? ` · asked by ${q.whoAsked.name}` : ''}`}</p>
              <StatusNote question={q} />
              {q.response ? (
                <Link to={`/video/${v.id}/${q.response}`}>click to view response</Link>
              ) : (
                <span className="hint">Waiting for a response</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
