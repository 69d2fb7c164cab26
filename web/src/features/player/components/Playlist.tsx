import { Link } from 'react-router';

/** The lecture's videos in order, the current one marked (SPEC §2). hrefFor builds each link. */
export function Playlist({
  videos,
  currentId,
  hrefFor,
  heading = 'Videos in this lecture',
}: {
  videos: readonly { id: string; title: string }[];
  currentId: string;
  hrefFor(videoId: string): string;
  heading?: string;
}) {
  return (
    <nav aria-label={heading}>
      <h2>{heading}</h2>
      <ol className="playlist">
        {videos.map((v) => (
          <li key={v.id}>
            <Link to={hrefFor(v.id)} aria-current={v.id === currentId ? 'true' : undefined}>
              {v.title}
              {v.id === currentId ? ' (current)' : ''}
            </Link>
          </li>
        ))}
      </ol>
    </nav>
  );
}
