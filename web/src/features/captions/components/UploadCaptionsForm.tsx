import type { CaptionOwner } from '@lectern/shared';
import { useId, useState } from 'react';
import { toast } from '../../../lib/toast';
import { FormAlert } from '../../../components/ui/FormAlert';
import { errorMessage } from '../../../lib/api-client';
import { useUploadCaptions } from '../api/caption-mutations';

/** Upload a WebVTT or SRT file as a language's track (a new track, or the next version of it). */
export function UploadCaptionsForm({ owner, ownerId }: { owner: CaptionOwner; ownerId: string }) {
  const ids = { file: useId(), language: useId(), label: useId() };
  const [file, setFile] = useState<File | null>(null);
  const [language, setLanguage] = useState('en');
  const [label, setLabel] = useState('English');
  const upload = useUploadCaptions(owner, ownerId);

  return (
    <form
      className="form card"
      onSubmit={(e) => {
        e.preventDefault();
        if (file)
          upload.mutate(
            { language: language.trim(), label: label.trim(), file },
            {
              onSuccess: (track) => toast.success(`Captions saved: ${track.label}, version ${track.version}`),
            },
          );
      }}
    >
      <h2>Upload captions</h2>
      <label htmlFor={ids.file}>Caption file (WebVTT or SRT, UTF-8)</label>
      <input
        id={ids.file}
        type="file"
        accept=".vtt,.srt,text/vtt,application/x-subrip"
        required
        onChange={(e) => setFile(e.target.files?.[0] ?? null)}
      />
      <label htmlFor={ids.language}>Language code</label>
      <input
        id={ids.language}
        value={language}
        required
        pattern="[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8}){0,2}"
        onChange={(e) => setLanguage(e.target.value)}
      />
      <label htmlFor={ids.label}>Label shown to viewers</label>
      <input
        id={ids.label}
        value={label}
        required
        maxLength={100}
        onChange={(e) => setLabel(e.target.value)}
      />
      <FormAlert message={upload.isError ? errorMessage(upload.error, 'The upload failed.') : null} />
      <button type="submit" disabled={upload.isPending}>
        {upload.isPending ? 'Uploading…' : 'Upload captions'}
      </button>
    </form>
  );
}
