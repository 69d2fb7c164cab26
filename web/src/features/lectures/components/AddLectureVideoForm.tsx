import { ERRORS, SUCCESS, VALIDATION } from '@lectern/shared';
import { type FormEvent, useState } from 'react';
import { toast } from '../../../lib/toast';
import { UploadProgress } from '../../../components/ui/UploadProgress';
import { useAddLectureVideo } from '../api/lecture-mutations';
import { type VideoSourceDraft, addVideoError } from '../utils/video-source';
import { VideoSourceFields } from './VideoSourceFields';
import { FormAlert } from '../../../components/ui/FormAlert';

const EMPTY: VideoSourceDraft = { title: '', file: null, link: '' };

/** "Add a lecture video": an mp4 file (resumable upload) or a YouTube link (SPEC §2 Edit lecture). */
export function AddLectureVideoForm({ lectureId, courseId }: { lectureId: string; courseId: string }) {
  const addVideo = useAddLectureVideo();
  const { progress } = addVideo;
  const [draft, setDraft] = useState(EMPTY);
  const [fileInputKey, setFileInputKey] = useState(0);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);

  function change(next: VideoSourceDraft, clearedOther: boolean) {
    if (clearedOther && next.file === null) setFileInputKey((key) => key + 1);
    setMessage(clearedOther ? VALIDATION.oneSourceOnly : '');
    setDraft(next);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = addVideoError(draft);
    if (problem) return setMessage(problem);
    setMessage('');
    setBusy(true);
    const title = draft.title.trim();
    try {
      await addVideo.mutateAsync({ courseId, lectureId, title, file: draft.file, link: draft.link.trim() });
      toast.success(draft.file ? SUCCESS.videoUploaded : SUCCESS.youtubeAdded);
      setDraft(EMPTY);
      setFileInputKey((key) => key + 1);
    } catch {
      toast.error(ERRORS.addVideoFailed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="form"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-labelledby="add-video-heading"
    >
      <h2 id="add-video-heading">Add a lecture video</h2>
      <VideoSourceFields draft={draft} onChange={change} exclusive fileInputKey={fileInputKey} />
      <FormAlert message={message} />
      {progress.fraction !== null && <UploadProgress {...progress} fraction={progress.fraction} />}
      <button type="submit" disabled={busy}>
        {busy ? 'Adding…' : 'Add Video'}
      </button>
    </form>
  );
}
