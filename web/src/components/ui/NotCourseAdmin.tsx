import { Link } from 'react-router';
import { Page } from './Page';

/** An admin page opened by someone who does not run its course (issue 11 #8): say so, and a way back. */
export function NotCourseAdmin({ studentView }: { studentView?: string }) {
  return (
    <Page title="You don't manage this course">
      <p>This page is for the course&apos;s instructors. Ask one of them to add you as an administrator.</p>
      <p className="row">
        {studentView && (
          <Link className="button" to={studentView}>
            Watch this lecture as a student
          </Link>
        )}
        <Link className={studentView ? 'button secondary' : 'button'} to="/">
          Back to Home
        </Link>
      </p>
    </Page>
  );
}
