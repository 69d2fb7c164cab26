import { type RefObject, useEffect, useLayoutEffect, useRef } from 'react';
import type { PlayerHandle } from '../types';
import { isKeyForPlayer } from '../utils/captions-keys';
import { skipTarget } from '../utils/playback';
import { playerKeyAction, steppedRate } from '../utils/player-keys';

// Space already means "press" on these; taking it over would play the video instead of pressing the button.
const SPACE_OWNERS = 'button, a[href], summary, video, audio, [role="button"], [role="link"]';

/**
 * The player's keyboard shortcuts (utils/player-keys) on the whole page while the player is on it, except
 * while typing in a field or from inside another dialog. `onHelp` opens the list of keys.
 */
export function usePlayerKeys(
  handle: RefObject<PlayerHandle | null>,
  container: RefObject<HTMLElement | null>,
  onHelp: () => void,
): void {
  const latestHelp = useRef(onHelp);
  useEffect(() => {
    latestHelp.current = onHelp;
  });

  // Listening from the commit itself (a passive effect may run a while after the player shows on a busy
  // machine), so a key pressed as soon as the video appears is not lost.
  useLayoutEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const action = playerKeyAction(e);
      const player = handle.current;
      if (!action || !player || e.defaultPrevented || !isKeyForPlayer(e.target, container.current)) return;
      if (e.key === ' ' && e.target instanceof Element && e.target.closest(SPACE_OWNERS)) return;
      e.preventDefault();
      switch (action.kind) {
        case 'toggle-play':
          if (player.paused()) player.play();
          else player.pause();
          break;
        case 'skip':
          player.seekTo(skipTarget(player.currentTime(), action.seconds, player.duration()));
          break;
        case 'rate':
          player.setRate(steppedRate(player.rate(), action.step));
          break;
        case 'help':
          latestHelp.current();
          break;
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [handle, container]);
}
