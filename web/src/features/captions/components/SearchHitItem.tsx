import { type SearchHitDto, formatVideoTime } from '@lectern/shared';
import { Link } from 'react-router';

const KIND_TEXT = {
  transcript: 'Said in the lecture',
  answer: 'Said in an answer',
  question: 'Answered question',
};

/** Where a hit opens: the lecture video at its moment; an answer opens over the lecture at its question. */
export function hitHref(hit: SearchHitDto): string {
  const answer = hit.kind === 'transcript' || !hit.responseId ? '' : `/${hit.responseId}`;
  return `/video/${hit.videoId}${answer}?lectureId=${hit.lectureId}`;
}

/** One search result: the lecture, the moment (m:ss), the words around the match with the match marked. */
export function SearchHitItem({ hit }: { hit: SearchHitDto }) {
  const moment = formatVideoTime(hit.kind === 'answer' ? (hit.answerTime ?? 0) : hit.time);
  return (
    <li className="card">
      <p>
        <Link to={hitHref(hit)} state={{ seekTo: hit.time, answerAt: hit.answerTime ?? undefined }}>
          {hit.lectureTitle} at {formatVideoTime(hit.time)}
        </Link>
        <span className="hint">
          {' '}
          · {KIND_TEXT[hit.kind]}
          {hit.kind === 'answer' && ` at ${moment} into the answer`} · {hit.videoTitle}
        </span>
      </p>
      <p>
        {hit.snippet.map((part, i) =>
          part.match ? <mark key={i}>{part.text}</mark> : <span key={i}>{part.text}</span>,
        )}
      </p>
    </li>
  );
}
