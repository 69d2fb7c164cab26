import { Link } from 'react-router';
import '../dashboard.css';

/**
 * Home for someone with no course yet (issue 11 #5): the first steps of an instructor and of a student,
 * each starting with a link.
 */
export function FirstSteps() {
  return (
    <section aria-labelledby="first-steps-heading" className="first-steps">
      <h2 id="first-steps-heading">Get started</h2>
      <div className="grid">
        <div className="card">
          <h3>Teach a course</h3>
          <ol>
            <li>
              <Link to="/courses/new">Create a course</Link>.
            </li>
            <li>Upload a lecture from the course&apos;s page: an mp4 file or a YouTube link.</li>
            <li>
              Share the course&apos;s join link with your students. Their questions appear here and under
              Action Items.
            </li>
          </ol>
        </div>
        <div className="card">
          <h3>Take a course</h3>
          <ol>
            <li>
              <Link to="/courses/join">Join a course</Link> with the link or course ID your instructor gave
              you.
            </li>
            <li>Watch a lecture and ask your question at the moment it comes up.</li>
            <li>Your instructor answers by video: the answer appears here and beside the lecture.</li>
          </ol>
        </div>
      </div>
    </section>
  );
}
