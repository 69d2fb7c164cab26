import { SUCCESS, VALIDATION } from '@lectern/shared';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { EMPTY_LECTURE_DATES, localInputToIso } from '../../../lib/lecture-dates';
import { useLeaveWarning } from '../../../lib/use-leave-warning';
import { UPLOAD_CANCELLED, useLectureUpload } from '../hooks/use-lecture-upload';
import type { VideoSourceDraft } from '../utils/video-source';
import { type LectureFieldValues, LectureFields } from './LectureFields';
import { VideoQueueForm } from './VideoQueueForm';
import { type QueuedVideo, VideoQueueList } from './VideoQueueList';
import { FormAlert } from '../../../components/ui/FormAlert';

const LEAVE_WHILE_UPLOADING = 'The upload is not finished. Leave this page and stop it?';

/**
 * The upload page: a queue of videos and the lecture's metadata, sent together (SPEC §2, §4). `recorder`
 * lets the page add another way to fill the queue (the in-browser recorder) without this feature knowing it.
 */
export function UploadLectureForm({
  courseId,
  recorder,
}: {
  courseId: string;
  recorder?(addToQueue: (draft: VideoSourceDraft) => void, disabled: boolean): ReactNode;
}) {
  const navigate = useNavigate();
  const { run, cancel, forget, progress, currentKey, failure, createdLectureId, pending } =
    useLectureUpload(courseId);
  const leaveWarning = useLeaveWarning(LEAVE_WHILE_UPLOADING);
  const [queue, setQueue] = useState<QueuedVideo[]>([]);
  const [values, setValues] = useState<LectureFieldValues>(
    () => pending?.values ?? { title: '', topic: '', ...EMPTY_LECTURE_DATES },
  );
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const add = (draft: VideoSourceDraft) =>
    setQueue((q) => [...q, { ...draft, key: crypto.randomUUID(), done: false }]);
  const markDone = (key: string) => setQueue((q) => q.map((v) => (v.key === key ? { ...v, done: true } : v)));

  /** The created lecture stays as it is; the whole queue goes to the next, new lecture. */
  function startOver() {
    forget();
    setQueue((q) => q.map((v) => ({ ...v, done: false })));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const [lectureDate, lectureDateStart, lectureDateEnd] = [
      values.lectureDate,
      values.lectureDateStart,
      values.lectureDateEnd,
    ].map(localInputToIso);
    if (
      !values.title.trim() ||
      !values.topic.trim() ||
      !lectureDate ||
      !lectureDateStart ||
      !lectureDateEnd
    ) {
      return setError(VALIDATION.metadataRequired);
    }
    if (queue.length === 0) return setError(VALIDATION.noVideosQueued);
    setError('');
    setBusy(true);
    leaveWarning.start();
    const available = localInputToIso(values.lectureDateAvailable);
    const uploadedTo = await run(
      {
        courseID: courseId,
        title: values.title.trim(),
        topic: values.topic.trim(),
        lectureDate,
        lectureDateStart,
        lectureDateEnd,
        ...(available && { lectureDateAvailable: available }),
      },
      values,
      queue.map((video) => (video.title ? video : { ...video, title: values.title.trim() })),
      markDone,
    );
    leaveWarning.stop();
    setBusy(false);
    if (!uploadedTo) return;
    toast.success(SUCCESS.lectureUploaded);
    // The new lecture's own admin page: its videos (and their processing) and what to do next. Going back
    // in history left a tab opened on this page blank.
    void navigate(`/editLecture/${uploadedTo}`);
  }

  return (
    <div className="two-columns">
      <section aria-label="Videos">
        <VideoQueueForm onAdd={add} disabled={busy} />
        <h2>Queue</h2>
        <VideoQueueList
          queue={queue}
          currentKey={currentKey}
          progress={progress}
          busy={busy}
          onCancel={cancel}
          onRemove={(key) => setQueue((q) => q.filter((v) => v.key !== key))}
        />
        {recorder?.(add, busy)}
      </section>
      <form
        className="form"
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-labelledby="meta-heading"
      >
        <h2 id="meta-heading">Lecture</h2>
        <fieldset disabled={busy || createdLectureId !== null} className="form">
          <legend className="visually-hidden">Lecture details</legend>
          <LectureFields values={values} onChange={setValues} applyDateDefaults />
        </fieldset>
        {createdLectureId && !busy && (
          <div className="hint">
            <p>The lecture is created; uploading again sends only the videos not yet uploaded.</p>
            <button type="button" className="secondary" onClick={startOver}>
              Start a new lecture instead
            </button>
          </div>
        )}
        {failure === UPLOAD_CANCELLED ? (
          <p role="status">{failure}</p>
        ) : (
          <FormAlert message={error || failure} />
        )}
        <button type="submit" disabled={busy}>
          {busy ? 'Uploading…' : 'Upload lecture'}
        </button>
      </form>
    </div>
  );
}
