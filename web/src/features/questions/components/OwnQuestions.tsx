import { type QuestionDto, formatVideoTime } from '@lectern/shared';
import { Link } from 'react-router';
import { OWN_STATE_TEXT, ownQuestionState } from '../utils/own-questions';
import '../questions.css';

/**
 * The asker's own questions with where each stands (issue 11 #1): waiting, live, being answered, or
 * answered with its response. `onView` opens a response in place (the watch page); without it the
 * response is a link. `where` adds course and lecture (Home lists several videos).
 */
export function OwnQuestions({
  questions,
  onView,
  where = false,
}: {
  questions: readonly QuestionDto[];
  onView?(question: QuestionDto): void;
  where?: boolean;
}) {
  return (
    <ul className="question-list">
      {questions.map((q) => {
        const state = ownQuestionState(q);
        const at = `at ${formatVideoTime(q.timeAsked)}`;
        return (
          <li key={q.id} className="card">
            {where && (
              <p className="hint">{`${q.courseName} · ${q.lectureName} · ${q.videoTitle} · ${at}`}</p>
            )}
            <p>
              <strong>{q.question}</strong>
            </p>
            <p className={state === 'answered' ? 'success-text' : 'hint'}>
              {where ? OWN_STATE_TEXT[state] : `${OWN_STATE_TEXT[state]} · ${at}`}
            </p>
            {state === 'answered' &&
              (onView ? (
                // Not "View Response": the same question's card in Previously Asked Questions has that.
                <button type="button" className="link-button" onClick={() => onView(q)}>
                  Watch the response
                </button>
              ) : (
                <Link to={`/video/${q.videoId}/${q.response}`}>click to view response</Link>
              ))}
            {state !== 'answered' && where && (
              <Link to={`/${q.videoId}/questions`}>{`Questions on ${q.videoTitle}`}</Link>
            )}
          </li>
        );
      })}
    </ul>
  );
}
