import { Fragment } from 'react';
import { Link } from 'react-router';
import { useLectureActivity } from '../api/usage-api';
import './usage.css';

const WINDOWS = [
  { key: 'activeFiveMinute', label: 'Last 5 minutes' },
  { key: 'activeOneHour', label: 'Last hour' },
  { key: 'activeOneDay', label: 'Last day' },
] as const;

/**
 * The instructor lecture view's live box (SPEC §2): students active on the lecture in the last 5 min,
 * hour and day, polled every 60 s, with a link to the video's usage report.
 */
export function ActiveStudentsBox({ lectureId, videoId }: { lectureId: string; videoId: string }) {
  const activity = useLectureActivity(lectureId);
  const usagePath = `/videoAdmin/${encodeURIComponent(videoId)}/usage?lectureId=${encodeURIComponent(lectureId)}`;
  return (
    <section className="card active-students" aria-labelledby="active-students-heading">
      <h2 id="active-students-heading">Active students</h2>
      {activity.data ? (
        <dl aria-live="polite">
          {WINDOWS.map((w) => (
            <Fragment key={w.key}>
              <dt>{w.label}</dt>
              <dd>{activity.data[w.key]}</dd>
            </Fragment>
          ))}
        </dl>
      ) : activity.isError ? (
        <p className="error-text">Active-student counts are unavailable.</p>
      ) : (
        <p role="status">Loading...</p>
      )}
      <Link to={usagePath}>View usage by student</Link>
    </section>
  );
}
