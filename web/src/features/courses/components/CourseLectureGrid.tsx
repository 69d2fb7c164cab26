import type { LectureDto } from '@lectern/shared';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/lecture-dates';

/** Where a lecture card leads (SPEC §2 Course page); a lecture without video has its own page. */
function lectureTarget(lecture: LectureDto, isAdmin: boolean): string {
  if (!lecture.firstVideoId) return isAdmin ? `/editLecture/${lecture.id}` : `/lecture/${lecture.id}`;
  return `/${isAdmin ? 'videoAdmin' : 'video'}/${lecture.firstVideoId}?lectureId=${lecture.id}`;
}

/** Lecture cards sorted by lecture date; admins also see unreleased lectures, flagged. */
export function CourseLectureGrid({ lectures, isAdmin }: { lectures: LectureDto[]; isAdmin: boolean }) {
  const sorted = [...lectures].sort((a, b) => Date.parse(a.lectureDate) - Date.parse(b.lectureDate));
  if (sorted.length === 0) return <p>There are no lectures in this course yet.</p>;
  return (
    <div className="grid">
      {sorted.map((lecture) => (
        <article key={lecture.id} className="card">
          <h3>
            <Link to={lectureTarget(lecture, isAdmin)}>{lecture.title}</Link>
          </h3>
          <p>{formatDateTime(lecture.lectureDate)}</p>
          {lecture.topic && <p className="hint">{lecture.topic}</p>}
          {!lecture.released && (
            <p className="hint">
              <strong>Available from {formatDateTime(lecture.lectureDateAvailable)}</strong>
            </p>
          )}
        </article>
      ))}
    </div>
  );
}
