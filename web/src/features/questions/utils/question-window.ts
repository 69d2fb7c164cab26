import { CARD_WINDOW } from '@lectern/shared';

export interface TimeWindow {
  start: number;
  end: number;
}

/**
 * When the sidebar card of a question shows (SPEC §4, §9): a window of at most 30 s centred on the time
 * asked, clipped so that it starts at least 1 s after the video start and ends at least 2 s before the end.
 * durationSeconds may be unknown (0 or NaN) while the player loads: then only the start is clipped.
 * A video too short for any clipped window (≤ 3 s) shows the card for its whole length instead of never.
 */
export function questionWindow(timeAsked: number, durationSeconds: number): TimeWindow {
  const half = CARD_WINDOW.maxSeconds / 2;
  const knownDuration = Number.isFinite(durationSeconds) && durationSeconds > 0;
  const latestEnd = knownDuration ? durationSeconds - CARD_WINDOW.endMarginSeconds : Infinity;
  const earliestStart = CARD_WINDOW.startOffsetSeconds;
  if (latestEnd <= earliestStart) return { start: 0, end: durationSeconds };
  const asked = Math.min(Math.max(timeAsked, earliestStart), latestEnd);
  return { start: Math.max(earliestStart, asked - half), end: Math.min(latestEnd, asked + half) };
}

/** True while playback time lies inside the question's card window. */
export function isCardVisible(timeAsked: number, currentTime: number, durationSeconds: number): boolean {
  const { start, end } = questionWindow(timeAsked, durationSeconds);
  return currentTime >= start && currentTime <= end;
}
