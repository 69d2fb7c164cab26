import { AUTOMATIC_CAPTION_SOURCE, type CaptionOwner, type CaptionTrackDto } from '@lectern/shared';
import { toast } from '../../../lib/toast';
import { errorMessage } from '../../../lib/api-client';
import { useDeleteCaptionTrack } from '../api/caption-mutations';
import { fetchVtt } from '../api/captions-api';

/** Saves the track's WebVTT file through the browser (the API needs the bearer header, a link cannot send it). */
async function download(track: CaptionTrackDto) {
  const text = await fetchVtt(track.owner, track.ownerId, track.language);
  const url = URL.createObjectURL(new Blob([text], { type: 'text/vtt' }));
  const a = Object.assign(document.createElement('a'), {
    href: url,
    download: `captions-${track.language}.vtt`,
  });
  a.click();
  URL.revokeObjectURL(url);
}

/** The tracks of a video, each to edit, download or delete. */
export function CaptionTrackList({
  owner,
  tracks,
  editing,
  onEdit,
}: {
  owner: CaptionOwner;
  tracks: CaptionTrackDto[];
  editing: string | null;
  onEdit(language: string): void;
}) {
  const remove = useDeleteCaptionTrack(owner);
  const onDeleteFailed = (error: unknown) =>
    toast.error(errorMessage(error, 'The captions could not be deleted.'));
  if (tracks.length === 0) return <p>No captions yet. Generate them or upload a WebVTT or SRT file below.</p>;
  return (
    <ul className="search-results" aria-label="Caption tracks">
      {tracks.map((t) => (
        <li key={t.id} className="card row">
          <span>
            <strong>{t.label}</strong> ({t.language}) · version {t.version} · {t.cueCount} cues
            {t.source.startsWith(AUTOMATIC_CAPTION_SOURCE) && ' · automatic, not yet reviewed'}
          </span>
          <button type="button" aria-pressed={editing === t.language} onClick={() => onEdit(t.language)}>
            Edit {t.label}
          </button>
          <button
            type="button"
            className="secondary"
            onClick={() =>
              void download(t).catch((e: unknown) => toast.error(errorMessage(e, 'Download failed.')))
            }
          >
            Download WebVTT ({t.label})
          </button>
          <button
            type="button"
            className="danger"
            onClick={() => {
              if (window.confirm(`Delete the ${t.label} captions and all their versions?`))
                remove.mutate(t, { onError: onDeleteFailed });
            }}
          >
            Delete {t.label}
          </button>
        </li>
      ))}
    </ul>
  );
}
