import { type QuestionDto, formatVideoTime } from '@lectern/shared';
import { useState } from 'react';
import { isCardVisible } from '../utils/question-window';
import { formatRating } from '../utils/votes';
import { AnswerText } from './AnswerText';
import '../questions.css';

const openHint = (q: QuestionDto) =>
  q.answerText && !q.answerText.withVideo ? 'click to open the answer' : 'click to view response';

/**
 * Cards of answered questions while playback is near the time asked (SPEC §4). The list is polite-live,
 * so screen readers announce a card when it appears without interrupting. An answer in words shows in
 * its card (issue 24). `collapsible` (the phone,
 * where the cards sit right under the player) puts the heading in a button that folds the list away
 * and says how many cards there are (so "(0)" when none); the list starts open (docs/decisions.md).
 */
export function QuestionCards({
  questions,
  currentTime,
  duration,
  onOpen,
  collapsible = false,
}: {
  questions: readonly QuestionDto[];
  currentTime: number;
  duration: number;
  onOpen(question: QuestionDto): void;
  collapsible?: boolean;
}) {
  const [open, setOpen] = useState(true);
  const visible = questions.filter((q) => q.response && isCardVisible(q.timeAsked, currentTime, duration));
  const shown = !collapsible || open;
  return (
    <section
      aria-labelledby="question-cards-heading"
      className={collapsible ? 'question-cards-fold' : undefined}
    >
      <h2 id="question-cards-heading">
        {collapsible ? (
          <button
            type="button"
            className="question-cards-toggle"
            aria-expanded={open}
            aria-controls="question-cards-list"
            onClick={() => setOpen(!open)}
          >
            Questions at this moment
            <span className="question-cards-count">{` (${visible.length})`}</span>
          </button>
        ) : (
          'Questions at this moment'
        )}
      </h2>
      <div id="question-cards-list" className="question-cards" aria-live="polite" hidden={!shown}>
        {visible.map((q) => (
          <div key={q.id} className="question-card-item">
            <button type="button" className="question-card" onClick={() => onOpen(q)}>
              <strong>{q.question}</strong>
              <br />
              <span className="hint">
                {`Asked at ${formatVideoTime(q.timeAsked)} · rating ${formatRating(q.ratings)} · ${openHint(q)}`}
              </span>
            </button>
            {/* Beside the button, not in it: an answer may hold links, which a button cannot. */}
            {q.answerText && <AnswerText answer={q.answerText} endorsedFor={q.endorsed && q.id} />}
          </div>
        ))}
      </div>
    </section>
  );
}
