import { type CourseLectureDto, formatVideoTime } from '@lectern/shared';
import { Link } from 'react-router';
import { LiveNowBadge } from '../../../components/ui/LiveNowBadge';
import { formatDateTime } from '../../../lib/date-format';
import { watchedFraction } from '../../../lib/watch-progress';
import '../courses.css';

/** Where a lecture card leads (SPEC §2 Course page); a lecture without video has its own page. */
function lectureTarget(lecture: CourseLectureDto, isAdmin: boolean): string {
  if (!lecture.firstVideoId) return isAdmin ? `/editLecture/${lecture.id}` : `/lecture/${lecture.id}`;
  return `/${isAdmin ? 'videoAdmin' : 'video'}/${lecture.firstVideoId}?lectureId=${lecture.id}`;
}

/**
 * Lecture cards sorted by lecture date: poster, length and how much of it this viewer has watched (in
 * this browser); admins also see unreleased lectures, flagged.
 */
export function CourseLectureGrid({
  lectures,
  isAdmin,
  userId,
}: {
  lectures: CourseLectureDto[];
  isAdmin: boolean;
  userId: string;
}) {
  const sorted = [...lectures].sort((a, b) => Date.parse(a.lectureDate) - Date.parse(b.lectureDate));
  if (sorted.length === 0) return <p>There are no lectures in this course yet.</p>;
  return (
    <ul className="grid lecture-grid">
      {sorted.map((lecture) => (
        <li key={lecture.id}>
          <LectureCard lecture={lecture} href={lectureTarget(lecture, isAdmin)} userId={userId} />
        </li>
      ))}
    </ul>
  );
}

function LectureCard({ lecture, href, userId }: { lecture: CourseLectureDto; href: string; userId: string }) {
  const watched = watchedFraction(userId, lecture.id, lecture.durationSeconds);
  const percent = watched === null ? null : Math.round(watched * 100);
  return (
    <article className="card lecture-card">
      <div className="lecture-poster">
        {/* The title says what the lecture is; the still is decoration. */}
        {lecture.posterSource && <img src={lecture.posterSource} alt="" loading="lazy" />}
        {lecture.durationSeconds !== null && (
          <span className="lecture-duration">
            <span className="visually-hidden">Length </span>
            {formatVideoTime(lecture.durationSeconds)}
          </span>
        )}
      </div>
      <div className="lecture-card-body">
        <h3>
          <Link to={href}>{lecture.title}</Link>
        </h3>
        <p>
          <time dateTime={lecture.lectureDate}>{formatDateTime(lecture.lectureDate)}</time>
        </p>
        <LiveNowBadge lecture={lecture} />
        {lecture.topic && <p className="hint">{lecture.topic}</p>}
        {!lecture.released && (
          <p className="hint">
            <strong>Available from {formatDateTime(lecture.lectureDateAvailable)}</strong>
          </p>
        )}
        {percent !== null && percent > 0 && (
          <div className="lecture-watched">
            <progress max={100} value={percent} aria-label={`Watched ${percent}%`} />
            <span className="hint" aria-hidden="true">
              {percent === 100 ? 'Watched' : `${percent}% watched`}
            </span>
          </div>
        )}
      </div>
    </article>
  );
}
