import { type QuestionDto, formatVideoTime } from '@lectern/shared';
import type { ReactNode } from 'react';
import { formatRating } from '../utils/votes';
import '../questions.css';

/**
 * A list of answered questions: text, time asked (a button when onSeek is given), rating and
 * View Response. `extra` adds per-row content (video title, lecture title, Edit Response …).
 */
export function AnsweredQuestionList({
  questions,
  onView,
  onSeek,
  extra,
  empty,
}: {
  questions: readonly QuestionDto[];
  onView(question: QuestionDto): void;
  onSeek?(question: QuestionDto): void;
  extra?(question: QuestionDto): ReactNode;
  empty: string;
}) {
  if (questions.length === 0) return <p>{empty}</p>;
  return (
    <ul className="question-list">
      {questions.map((q) => (
        <li key={q.id} className="card">
          {extra?.(q)}
          <p>{q.question}</p>
          <div className="row">
            {onSeek ? (
              <button type="button" className="link-button" onClick={() => onSeek(q)}>
                {`Jump to ${formatVideoTime(q.timeAsked)}`}
              </button>
            ) : (
              <span>{formatVideoTime(q.timeAsked)}</span>
            )}
            <span aria-label={`Rating ${q.ratings}`}>{`Rating: ${formatRating(q.ratings)}`}</span>
            <button type="button" className="secondary" onClick={() => onView(q)}>
              View Response
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}
