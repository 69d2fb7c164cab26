import type { CaptionOwner } from '@lectern/shared';
import { useCaptionSources } from '../hooks/useCaptionSources';

/**
 * The <track> elements of a video's captions, to render inside its <video>. Keyed by URL: a browser does
 * not reload a track whose src changes, so a new version mounts a new element.
 */
export function CaptionTracks({ owner, ownerId }: { owner: CaptionOwner; ownerId: string | undefined }) {
  const sources = useCaptionSources(owner, ownerId);
  return (
    <>
      {sources.map((s) => (
        <track key={s.src} kind="captions" src={s.src} srcLang={s.language} label={s.label} />
      ))}
    </>
  );
}
