import { type RefObject, useEffect, useRef } from 'react';

/**
 * Runs `onReady` once per <video> element, when its metadata is known; call the answer from the
 * element's 'loadedmetadata'. The effect catches up on an event that came before anyone listened: React
 * drops events that reach an element before its tree is committed (a render held back by a route
 * transition or a suspending sibling lets a cached video's 'loadedmetadata' come first), and an adopted
 * element (Html5Player) may have its metadata already.
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
  return ready;
}
