import { type SuggestionDto, formatVideoTime } from '@lectern/shared';
import { useId } from 'react';
import { answerSummary } from '../utils/answer-texts';

/**
 * Earlier answered questions like the one being typed (issue 24), under the question box: each with its
 * moment, its text and its answer's kind and length, a button to play the answer and one to say it answers
 * the question. Asking anyway is the box's own submit button, as always one click.
 */
export function SuggestedAnswers({
  suggestions,
  onPlay,
  onAnswers,
}: {
  suggestions: SuggestionDto[];
  onPlay(suggestion: SuggestionDto): void;
  onAnswers(suggestion: SuggestionDto): void;
}) {
  const headingId = useId();
  if (suggestions.length === 0) return null;
  return (
    <section className="suggested-answers" aria-labelledby={headingId}>
      <h3 id={headingId}>Already answered?</h3>
      <ul aria-labelledby={headingId}>
        {suggestions.map((s) => {
          const textId = `${headingId}-${s.questionId}`;
          return (
            <li key={s.questionId} aria-labelledby={textId}>
              <p>
                <span className="moment">{formatVideoTime(s.time)}</span>{' '}
                <span id={textId}>{s.question}</span>
              </p>
              <p className="hint">{answerSummary(s.answer)}</p>
              <p className="row">
                <button
                  type="button"
                  className="secondary"
                  onClick={() => onPlay(s)}
                  aria-describedby={textId}
                >
                  {s.answer.kind === 'text' ? 'Read the answer' : 'Play the answer'}
                </button>
                <button type="button" onClick={() => onAnswers(s)} aria-describedby={textId}>
                  This answers my question
                </button>
              </p>
            </li>
          );
        })}
      </ul>
      <p className="hint">Not what you are asking? Submit your question below.</p>
    </section>
  );
}
