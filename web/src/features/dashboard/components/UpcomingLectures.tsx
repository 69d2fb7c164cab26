import { Link } from 'react-router';
import { LiveNowBadge } from '../../../components/ui/LiveNowBadge';
import { formatDateTime } from '../../../lib/date-format';
import { type UpcomingLecture, upcomingLectures } from '../utils/upcoming';
import '../dashboard.css';

/** "Upcoming lectures": course, title and date, linking to the first video, "Live now" while live (SPEC §2 Home). */
export function UpcomingLectures({ lectures, now }: { lectures: readonly UpcomingLecture[]; now: number }) {
  const upcoming = upcomingLectures(lectures, now);
  if (upcoming.length === 0) return null;
  return (
    <section aria-labelledby="upcoming-heading">
      <h2 id="upcoming-heading">Upcoming lectures</h2>
      <ul className="grid lecture-cards">
        {upcoming.map((l) => (
          <li key={l.id} className="card">
            <p className="hint">{l.courseName}</p>
            {l.firstVideoId ? <Link to={`/video/${l.firstVideoId}`}>{l.title}</Link> : <span>{l.title}</span>}
            <p>
              <time dateTime={l.lectureDate}>{formatDateTime(l.lectureDate)}</time>
            </p>
            <LiveNowBadge lecture={l} />
          </li>
        ))}
      </ul>
    </section>
  );
}
