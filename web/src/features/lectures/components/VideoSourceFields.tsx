import { VIDEO_FILE_ACCEPT, VIDEO_FILE_KINDS } from '@lectern/shared';
import { useId } from 'react';
import type { VideoSourceDraft } from '../utils/video-source';

/**
 * Video title, a video file OR a YouTube link. With `exclusive`, choosing one source clears the other
 * (SPEC §5 "Add video"); otherwise both may be filled and the caller's check refuses it (upload queue).
 * `fileInputKey` changes to empty the file picker, which cannot be cleared through its value.
 */
export function VideoSourceFields({
  draft,
  onChange,
  exclusive,
  fileInputKey,
}: {
  draft: VideoSourceDraft;
  onChange(draft: VideoSourceDraft, clearedOther: boolean): void;
  exclusive: boolean;
  fileInputKey: number;
}) {
  const id = useId();
  return (
    <>
      <label htmlFor={`${id}-title`}>
        Video title
        <input
          id={`${id}-title`}
          value={draft.title}
          onChange={(event) => onChange({ ...draft, title: event.target.value }, false)}
        />
      </label>
      <label htmlFor={`${id}-file`}>
        {`Video file (${VIDEO_FILE_KINDS})`}
        <input
          key={fileInputKey}
          id={`${id}-file`}
          type="file"
          accept={VIDEO_FILE_ACCEPT}
          onChange={(event) => {
            const file = event.target.files?.[0] ?? null;
            const clear = exclusive && file !== null && draft.link.trim() !== '';
            onChange({ ...draft, file, link: clear ? '' : draft.link }, clear);
          }}
        />
      </label>
      <label htmlFor={`${id}-link`}>
        YouTube link
        <input
          id={`${id}-link`}
          type="url"
          inputMode="url"
          placeholder="https://www.youtube.com/watch?v=…"
          value={draft.link}
          onChange={(event) => {
            const link = event.target.value;
            const clear = exclusive && link.trim() !== '' && draft.file !== null;
            onChange({ ...draft, link, file: clear ? null : draft.file }, clear);
          }}
        />
      </label>
    </>
  );
}
