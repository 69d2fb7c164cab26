import { type FormEvent, useState } from 'react';
import { type VideoSourceDraft, queuedVideoError } from '../utils/video-source';
import { VideoSourceFields } from './VideoSourceFields';
import { FormAlert } from '../../../components/ui/FormAlert';

const EMPTY: VideoSourceDraft = { title: '', file: null, link: '' };

/**
 * Adds videos to the upload queue (SPEC §2 Upload lecture). Picking a file queues it at once, titled by
 * the Video title field (issue 11 #4: a picked file that still had to be "added" was left behind); left
 * empty, the video takes the lecture's title when it is sent (issue 21: a file name such as
 * "IMG_0412" became the students' page title). A YouTube link is added with the button.
 */
export function VideoQueueForm({
  onAdd,
  disabled,
}: {
  onAdd(draft: VideoSourceDraft): void;
  disabled: boolean;
}) {
  const [draft, setDraft] = useState(EMPTY);
  const [fileInputKey, setFileInputKey] = useState(0);
  const [error, setError] = useState('');
  const [added, setAdded] = useState('');

  function add(video: VideoSourceDraft) {
    onAdd(video);
    setError('');
    setAdded(
      video.title
        ? `"${video.title}" was added to the queue.`
        : `"${video.file?.name ?? ''}" was added to the queue, titled like the lecture.`,
    );
    setDraft(EMPTY);
    setFileInputKey((key) => key + 1);
  }

  function change(next: VideoSourceDraft) {
    setAdded('');
    if (next.file && next.file !== draft.file) {
      add({ title: next.title.trim(), file: next.file, link: '' });
      return;
    }
    setDraft(next);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = queuedVideoError(draft);
    if (problem) return setError(problem);
    add({ ...draft, title: draft.title.trim(), link: draft.link.trim() });
  }

  return (
    <form className="form" onSubmit={submit} noValidate aria-labelledby="queue-heading">
      <h2 id="queue-heading">Add videos to the queue</h2>
      <p className="hint">
        Picking a file puts it in the queue, titled with the Video title or else the lecture&apos;s title. For
        a YouTube video, paste its link and choose Add to queue.
      </p>
      <VideoSourceFields draft={draft} onChange={change} exclusive={false} fileInputKey={fileInputKey} />
      <FormAlert message={error} />
      <p role="status" className="success-text">
        {added}
      </p>
      <button type="submit" className="secondary" disabled={disabled}>
        Add to queue
      </button>
    </form>
  );
}
