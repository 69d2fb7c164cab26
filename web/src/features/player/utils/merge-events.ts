import type { PlayerEvents } from '../types';

function both<A extends unknown[]>(
  first?: (...args: A) => void,
  second?: (...args: A) => void,
): ((...args: A) => void) | undefined {
  if (!first || !second) return first ?? second;
  return (...args) => {
    first(...args);
    second(...args);
  };
}

/** Player events that call `first`'s handler, then `second`'s, for each event either listens to. */
export function mergePlayerEvents(first: PlayerEvents, second: PlayerEvents): PlayerEvents {
  return {
    onTime: both(first.onTime, second.onTime),
    onPlay: both(first.onPlay, second.onPlay),
    onPause: both(first.onPause, second.onPause),
    onSeeked: both(first.onSeeked, second.onSeeked),
    onRateChange: both(first.onRateChange, second.onRateChange),
    onEnded: both(first.onEnded, second.onEnded),
  };
}
