import type { CourseSummaryDto } from '@lectern/shared';
import { Link } from 'react-router';

/** A grid of course cards, each linking to its course page. */
export function CourseGrid({ courses }: { courses: CourseSummaryDto[] }) {
  return (
    <div className="grid">
      {courses.map((course) => (
        <article key={course.id} className="card">
          <h3>
            <Link to={`/courses/${course.id}`}>{course.name}</Link>
          </h3>
          <p>{course.description}</p>
        </article>
      ))}
    </div>
  );
}
