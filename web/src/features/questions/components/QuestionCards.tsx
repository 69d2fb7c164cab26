import { type QuestionDto, formatVideoTime } from '@lectern/shared';
import { isCardVisible } from '../utils/question-window';
import { formatRating } from '../utils/votes';
import '../questions.css';

/**
 * Sidebar cards of answered questions while playback is near the time asked (SPEC §4). The region is
 * polite-live, so screen readers announce a card when it appears without interrupting.
 */
export function QuestionCards({
  questions,
  currentTime,
  duration,
  onOpen,
}: {
  questions: readonly QuestionDto[];
  currentTime: number;
  duration: number;
  onOpen(question: QuestionDto): void;
}) {
  const visible = questions.filter((q) => q.response && isCardVisible(q.timeAsked, currentTime, duration));
  return (
    <section aria-labelledby="question-cards-heading">
      <h2 id="question-cards-heading">Questions at this moment</h2>
      <div className="question-cards" aria-live="polite">
        {visible.map((q) => (
          <button key={q.id} type="button" className="question-card" onClick={() => onOpen(q)}>
            <strong>{q.question}</strong>
            <br />
            <span className="hint">
              {`Asked at ${formatVideoTime(q.timeAsked)} · rating ${formatRating(q.ratings)} · click to view response`}
            </span>
          </button>
        ))}
      </div>
    </section>
  );
}
