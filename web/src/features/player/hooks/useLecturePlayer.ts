import { useRef, useState } from 'react';
import { useLocation } from 'react-router';
import type { PlayerHandle } from '../types';
import { readNavState } from '../utils/playback';

/**
 * What a page needs to hold a LecturePlayer: the handle, and where to start from the seek time or
 * autoplay another video page left in the history state (SPEC §2, §4). The state is read once, so a later
 * history change does not move a playing video. `playerProps` spreads into <LecturePlayer>.
 */
export function useLecturePlayer() {
  const location = useLocation();
  const [nav] = useState(() => readNavState(location.state));
  const handle = useRef<PlayerHandle | null>(null);
  return { handle, nav, playerProps: { handle, startAt: nav.seekTo, autoplay: nav.autoplay } };
}
