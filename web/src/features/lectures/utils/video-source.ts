import { INVALID_YOUTUBE_LINK, VALIDATION, parseYouTubeId } from '@lectern/shared';

/** A lecture video to add: a title and either an mp4 file or a YouTube link. */
export interface VideoSourceDraft {
  title: string;
  file: File | null;
  link: string;
}

/** The upload queue's checks (SPEC §5 "Upload queue"); null when the draft may be queued. */
export function queuedVideoError({ title, file, link }: VideoSourceDraft): string | null {
  if (!title.trim()) return VALIDATION.titleRequired;
  if (file && link.trim()) return VALIDATION.fileOrLinkNotBoth;
  if (!file && !link.trim()) return VALIDATION.fileOrLinkRequired;
  return youTubeLinkError(link);
}

/** The edit page's "Add a lecture video" checks (SPEC §5 "Add video"). */
export function addVideoError({ title, file, link }: VideoSourceDraft): string | null {
  if (!title.trim()) return VALIDATION.enterTitle;
  if (file && link.trim()) return VALIDATION.oneSourceOnly;
  if (!file && !link.trim()) return VALIDATION.chooseFileOrLink;
  return youTubeLinkError(link);
}

/** The server would refuse it anyway; saying so before any upload starts saves a round trip. */
function youTubeLinkError(link: string): string | null {
  return link.trim() && parseYouTubeId(link) === null ? INVALID_YOUTUBE_LINK : null;
}
