import { CONFIRM } from '@lectern/shared';
import { useEffect, useRef } from 'react';

/**
 * Fullscreen would hide the question cards, so it is refused (SPEC §4): playback pauses, the alert of
 * SPEC §5 is shown and fullscreen is exited. Works for any element, including the YouTube iframe.
 */
export function useFullscreenRefusal(pause: () => void): void {
  const latestPause = useRef(pause);
  useEffect(() => {
    latestPause.current = pause;
  });
  useEffect(() => {
    const onChange = () => {
      if (!document.fullscreenElement) return;
      latestPause.current();
      window.alert(CONFIRM.fullscreen);
      void document.exitFullscreen().catch(() => undefined);
    };
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
}
