import '../dashboard.css';

/** The welcome text at the top of Home (SPEC §2). */
export function WelcomeBox() {
  return (
    <div className="card welcome-box" role="note">
      <p>
        <strong>Welcome to Lectern.</strong> Watch your lectures at your own pace and ask questions at the
        moment they come up. Your instructors answer by video, and answered questions appear beside the
        lecture while you watch.
      </p>
    </div>
  );
}
