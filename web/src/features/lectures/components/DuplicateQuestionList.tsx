import { type QuestionDto, formatVideoTime } from '@lectern/shared';
import { Link } from 'react-router';

/**
 * The source lecture's questions as checkboxes, each with a jump to its moment in the video and, when
 * answered, a View Response button. `locked` (concurrent mode) shows every box ticked and fixed.
 */
export function DuplicateQuestionList({
  lectureId,
  questions,
  selected,
  locked,
  onToggle,
  onViewResponse,
}: {
  lectureId: string;
  questions: QuestionDto[];
  selected: ReadonlySet<string>;
  locked: boolean;
  onToggle(id: string, checked: boolean): void;
  onViewResponse(question: QuestionDto): void;
}) {
  if (questions.length === 0) return <p className="hint">This lecture has no questions.</p>;
  return (
    <ul aria-label="Questions to copy">
      {questions.map((question) => (
        <li key={question.id} className="row">
          <label className="checkbox">
            <input
              type="checkbox"
              checked={locked || selected.has(question.id)}
              disabled={locked}
              onChange={(event) => onToggle(question.id, event.target.checked)}
            />
            {question.question}
          </label>
          <Link
            to={`/videoAdmin/${question.videoId}?lectureId=${lectureId}`}
            state={{ seekTo: question.timeAsked }}
            aria-label={`Go to ${formatVideoTime(question.timeAsked)} in ${question.videoTitle}`}
          >
            {formatVideoTime(question.timeAsked)}
          </Link>
          {question.response && (
            <button type="button" className="secondary" onClick={() => onViewResponse(question)}>
              View Response
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
