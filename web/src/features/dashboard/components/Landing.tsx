import { Link } from 'react-router';
import '../dashboard.css';

/** What a logged-out visitor sees at / (issue 11 #5): what Lectern is, then Log in or Sign up. */
export function Landing() {
  return (
    <div className="landing">
      <p className="landing-lead">
        Lectern is where a course&apos;s lecture videos live. Students watch at their own pace and ask a
        question at the very moment of the lecture it is about; the instructor answers with a short video, and
        the answer appears beside the lecture at that moment for everyone who watches later.
      </p>
      <p className="row">
        <Link className="button" to="/login">
          Log in
        </Link>
        <Link className="button secondary" to="/signup">
          Sign up
        </Link>
      </p>
      <ul className="landing-points grid" aria-label="How Lectern works">
        <li className="card">
          <h2>Ask at the moment</h2>
          <p>Pause where you got lost and type your question: it is pinned to that second of the video.</p>
        </li>
        <li className="card">
          <h2>Answered by video</h2>
          <p>
            Instructors answer with an uploaded or recorded video; during class, a student waiting is answered
            live in a virtual room.
          </p>
        </li>
        <li className="card">
          <h2>Answers for everyone</h2>
          <p>Answered questions show up beside the lecture near their moment, and students vote them up.</p>
        </li>
      </ul>
    </div>
  );
}
