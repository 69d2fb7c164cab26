import { Link } from 'react-router';

/** Creating and joining a course, from Home (not only from My Videos and Courses; issue 11 #5). */
export function HomeActions() {
  return (
    <p className="row">
      <Link className="button" to="/courses/new">
        + Create a New Course
      </Link>
      <Link className="button secondary" to="/courses/join">
        Join existing course/lecture
      </Link>
    </p>
  );
}
