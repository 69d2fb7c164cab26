import { Link } from 'react-router';

/**
 * After an answer is uploaded (issue 11 #6): where to go next, the next question waiting or Action
 * Items, rather than the same form again.
 */
export function AnswerSent({
  nextId,
  message = 'Your response was uploaded; the student will be told.',
}: {
  nextId: string | undefined;
  message?: string;
}) {
  return (
    <div className="card" role="status">
      <p className="success-text">{message}</p>
      <p className="row">
        {nextId ? (
          <Link className="button" to={`/respond/${nextId}`}>
            Next question
          </Link>
        ) : (
          <span>No other question is waiting for a response.</span>
        )}
        <Link className={nextId ? 'button secondary' : 'button'} to="/action-items">
          Back to Action Items
        </Link>
      </p>
    </div>
  );
}
