import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/date-format';
import { useWaitingFollowUps } from '../api/follow-ups-api';

/** Action Items' follow-ups waiting for an answer (issue 24), each a "Follow-up on: …" row to respond to. */
export function WaitingFollowUps({ refetchInterval }: { refetchInterval: number }) {
  const waiting = useWaitingFollowUps(refetchInterval);
  const items = waiting.data?.followUps ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="waiting-follow-ups">
      <h2 id="waiting-follow-ups">Follow-ups needing an answer</h2>
      <ul>
        {items.map((f) => (
          <li key={f._id}>
            <Link to={`/respond/${f.questionId}`}>{`Follow-up on: ${f.question}`}</Link>
            <span className="hint">
              {' '}
              {f.authorName ?? 'A student'}, {formatDateTime(f.createdAt)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
