import { type RefObject, useEffect, useState } from 'react';
import { captionTracksOf, isCaptionKey, isKeyForPlayer, preferredTrack } from '../utils/captions-keys';

const PREFERENCE = 'lectern.captions';
const readPreference = () => {
  try {
    return localStorage.getItem(PREFERENCE) === 'on';
  } catch {
    return false;
  }
};

/**
 * Captions of an HTML5 video on or off, by a button or the C key (not while typing, and not from inside
 * another dialog). Off means `hidden`, not `disabled`: the cues stay loaded. The choice is remembered, so a
 * viewer who needs captions turns them on once.
 */
export function useCaptionToggle(video: RefObject<HTMLVideoElement | null>) {
  const [showing, setShowing] = useState(readPreference);
  const [available, setAvailable] = useState(false);

  useEffect(() => {
    const list = video.current?.textTracks;
    if (!list) return;
    const apply = () => {
      const tracks = captionTracksOf(list);
      setAvailable(tracks.length > 0);
      const shown = showing ? preferredTrack(tracks, navigator.language) : undefined;
      for (const track of tracks) track.mode = track === shown ? 'showing' : 'hidden';
    };
    apply();
    list.addEventListener('addtrack', apply);
    list.addEventListener('removetrack', apply);
    return () => {
      list.removeEventListener('addtrack', apply);
      list.removeEventListener('removetrack', apply);
    };
  }, [video, showing]);

  useEffect(() => {
    if (!available) return;
    const onKey = (e: KeyboardEvent) => {
      if (!isCaptionKey(e) || !isKeyForPlayer(e.target, video.current)) return;
      e.preventDefault();
      setShowing((on) => !on);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [available, video]);

  useEffect(() => {
    try {
      localStorage.setItem(PREFERENCE, showing ? 'on' : 'off');
    } catch {
      // private mode: the choice lasts for this page only
    }
  }, [showing]);

  return { available, showing, toggle: () => setShowing((on) => !on) };
}
