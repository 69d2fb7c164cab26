/** True when a key press belongs to a text field, so player shortcuts must leave it alone. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * True when a key press on `target` may drive the player inside `player`: not typed into a field, and from
 * the same dialog as the player (or both outside any), so keys in an open answer overlay or help dialog
 * leave the lecture player alone.
 */
export function isKeyForPlayer(target: EventTarget | null, player: Element | null): boolean {
  if (isTypingTarget(target)) return false;
  const from = target instanceof Element ? target : null;
  return (from?.closest('dialog') ?? null) === (player?.closest('dialog') ?? null);
}

/** The C shortcut (no modifier keys): captions on/off, as on YouTube and most players. */
export const isCaptionKey = (e: KeyboardEvent): boolean =>
  (e.key === 'c' || e.key === 'C') && !e.ctrlKey && !e.metaKey && !e.altKey;

/** The text tracks worth toggling: captions or subtitles that say what they are. */
export function captionTracksOf(list: TextTrackList): TextTrack[] {
  return Array.from(list).filter((t) => (t.kind === 'captions' || t.kind === 'subtitles') && t.label !== '');
}

/** The track to show: the browser's language if there is one, else the first. */
export function preferredTrack(tracks: TextTrack[], language: string): TextTrack | undefined {
  const wanted = language.toLowerCase().split('-')[0];
  return tracks.find((t) => t.language.toLowerCase().split('-')[0] === wanted) ?? tracks[0];
}
