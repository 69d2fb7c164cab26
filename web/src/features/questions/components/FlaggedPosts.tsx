import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/date-format';
import { useFlaggedPosts } from '../api/flags-api';
import { HideButton } from './PostModeration';

const KIND_NAMES = { question: 'Question', followUp: 'Follow-up', studentAnswer: 'Student answer' } as const;

/** Action Items' flagged posts (issue 24): what members flagged, how often and why, to hide or restore. */
export function FlaggedPosts({ refetchInterval }: { refetchInterval: number }) {
  const flagged = useFlaggedPosts(refetchInterval);
  const posts = flagged.data?.posts ?? [];
  if (posts.length === 0) return null;
  return (
    <section aria-labelledby="flagged-posts">
      <h2 id="flagged-posts">Flagged posts</h2>
      <ul>
        {posts.map((p) => (
          <li key={`${p.kind} ${p.id}`}>
            <p>
              <Link to={`/respond/${p.questionId}`}>{`${KIND_NAMES[p.kind]}: ${p.text}`}</Link>
            </p>
            <p className="hint">
              {`${p.courseName} · flagged ${p.flags === 1 ? 'once' : `${p.flags} times`}, last ${formatDateTime(p.lastFlaggedAt)}`}
              {p.hidden ? ' · hidden from students' : ''}
            </p>
            {p.reasons.length > 0 && (
              <ul aria-label="Reasons">
                {p.reasons.map((r, i) => (
                  <li key={i}>{r}</li>
                ))}
              </ul>
            )}
            <HideButton kind={p.kind} id={p.id} hidden={p.hidden} />
          </li>
        ))}
      </ul>
    </section>
  );
}
