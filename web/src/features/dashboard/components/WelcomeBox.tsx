import '../dashboard.css';

/** The welcome text at the top of Home (SPEC §2), for students and instructors alike. */
export function WelcomeBox() {
  return (
    <div className="card welcome-box" role="note">
      <p>
        <strong>Welcome to Lectern.</strong> Students watch lectures at their own pace and ask questions at
        the moment they come up. Instructors answer by video, and answered questions appear beside the lecture
        for everyone who watches it later.
      </p>
    </div>
  );
}
