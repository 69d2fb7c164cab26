import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useVideoContexts } from '../api/uploads';

/**
 * "Where used (n)" of the instructor lecture view (SPEC §2): shown only when the video sits in more than
 * one lecture; a disclosure listing each course and lecture that holds it.
 */
export function WhereUsedButton({ videoId }: { videoId: string }) {
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const { data: contexts } = useVideoContexts(videoId);
  if (!contexts || contexts.length <= 1) return null;

  return (
    <div className="where-used">
      <button
        type="button"
        className="secondary"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        Where used ({contexts.length})
      </button>
      <div id={panelId} hidden={!open} className="card">
        <p className="hint">
          This video is in several lectures. Lectures that run concurrently share its questions and responses;
          their titles, dates and playlists stay separate.
        </p>
        <ul>
          {contexts.map((context) => (
            <li key={context.lectureId}>
              <Link to={`/courses/${context.courseId}`}>
                Course: {context.courseName} → Lecture: {context.lectureTitle}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
