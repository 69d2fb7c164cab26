import { DELAYS_MS, VALIDATION, VIDEO_FILE_ACCEPT, VIDEO_FILE_KINDS } from '@lectern/shared';
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { OutcomeLine } from '../../../components/ui/OutcomeLine';

export interface UploadOutcome {
  ok: boolean;
  message: string;
}

/**
 * Picks an mp4 answer and hands it to `upload` (the page supplies the resumable uploader); shows the
 * progress it is given and the outcome, which clears after 5 s (SPEC §8).
 */
export function AnswerUploadForm({
  upload,
  progress,
  busy,
}: {
  upload(file: File): Promise<UploadOutcome>;
  progress: ReactNode;
  busy: boolean;
}) {
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [outcome, setOutcome] = useState<UploadOutcome | null>(null);

  useEffect(() => {
    if (!outcome) return;
    const timer = window.setTimeout(() => setOutcome(null), DELAYS_MS.uploadStatusClear);
    return () => window.clearTimeout(timer);
  }, [outcome]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // What the file holds is the server's to judge (it answers MEDIA.notAVideo); only a pick is needed here.
    if (!file) {
      setOutcome({ ok: false, message: VALIDATION.selectFile });
      return;
    }
    setOutcome(null);
    setOutcome(await upload(file));
  };

  return (
    <form className="form" onSubmit={(e) => void submit(e)} noValidate>
      <label htmlFor={fileId}>{`Response video (${VIDEO_FILE_KINDS})`}</label>
      <input
        id={fileId}
        type="file"
        accept={VIDEO_FILE_ACCEPT}
        onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        disabled={busy}
      />
      {progress}
      <button type="submit" disabled={busy}>
        Upload response
      </button>
      <OutcomeLine outcome={outcome} />
    </form>
  );
}
