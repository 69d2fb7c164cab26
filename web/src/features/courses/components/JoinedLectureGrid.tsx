import type { JoinedLectureDto } from '@lectern/shared';
import { Link } from 'react-router';
import { LiveNowBadge } from '../../../components/ui/LiveNowBadge';

/** Lectures joined on their own: to the first video, or to /lecture/{id} while there is none (SPEC §2), "Live now" while live. */
export function JoinedLectureGrid({ lectures }: { lectures: JoinedLectureDto[] }) {
  return (
    <div className="grid">
      {lectures.map((lecture) => (
        <article key={lecture.id} className="card">
          <h3>
            <Link
              to={
                lecture.firstVideoId
                  ? `/video/${lecture.firstVideoId}?lectureId=${lecture.id}`
                  : `/lecture/${lecture.id}`
              }
            >
              {lecture.title}
            </Link>
          </h3>
          <p className="hint">{lecture.courseName}</p>
          <LiveNowBadge lecture={lecture} />
        </article>
      ))}
    </div>
  );
}
