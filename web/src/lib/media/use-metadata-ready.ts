import { type RefObject, type SyntheticEvent, useEffect, useRef } from 'react';

/**
 * Runs `onReady` once per <video> element, when its metadata is known; spread the answer's handler into
 * the element's `onLoadedMetadata`. The effect catches up on the event React never delivered: React drops
 * events that reach an element before its tree is committed, and a render held back (a route transition,
 * a suspending sibling) lets a cached video's 'loadedmetadata' come first.
 */
export function useMetadataReady(
  video: RefObject<HTMLVideoElement | null>,
  onReady: (element: HTMLVideoElement) => void,
) {
  const readied = useRef<HTMLVideoElement | null>(null);
  const ready = (element: HTMLVideoElement) => {
    if (readied.current === element) return;
    readied.current = element;
    onReady(element);
  };
  useEffect(() => {
    const element = video.current;
    if (element && element.readyState >= HTMLMediaElement.HAVE_METADATA) ready(element);
  });
  return { onLoadedMetadata: (event: SyntheticEvent<HTMLVideoElement>) => ready(event.currentTarget) };
}
