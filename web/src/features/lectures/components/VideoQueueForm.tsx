import { type FormEvent, useState } from 'react';
import { type VideoSourceDraft, queuedVideoError } from '../utils/video-source';
import { VideoSourceFields } from './VideoSourceFields';
import { FormAlert } from '../../../components/ui/FormAlert';

const EMPTY: VideoSourceDraft = { title: '', file: null, link: '' };

/** Adds one video (title + mp4 file or YouTube link) to the upload queue (SPEC §2 Upload lecture). */
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

  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = queuedVideoError(draft);
    if (problem) return setError(problem);
    onAdd({ ...draft, title: draft.title.trim(), link: draft.link.trim() });
    setError('');
    setDraft(EMPTY);
    setFileInputKey((key) => key + 1);
  }

  return (
    <form className="form" onSubmit={submit} noValidate aria-labelledby="queue-heading">
      <h2 id="queue-heading">Add a video to the queue</h2>
      <VideoSourceFields draft={draft} onChange={setDraft} exclusive={false} fileInputKey={fileInputKey} />
      <FormAlert message={error} />
      <button type="submit" className="secondary" disabled={disabled}>
        Add to queue
      </button>
    </form>
  );
}
