import { PLAYBACK_RATE } from '@lectern/shared';
import type { PlayerNavState } from '../types';

/** 0.5, 0.6 … 2.0 (SPEC §9), rounded so 0.1 steps do not drift (0.30000000000000004). */
export const RATE_OPTIONS: readonly number[] = Array.from(
  { length: Math.round((PLAYBACK_RATE.max - PLAYBACK_RATE.min) / PLAYBACK_RATE.step) + 1 },
  (_, i) => Math.round((PLAYBACK_RATE.min + i * PLAYBACK_RATE.step) * 10) / 10,
);

/** A skip target kept inside the video. */
export function skipTarget(current: number, delta: number, duration: number): number {
  const end = Number.isFinite(duration) && duration > 0 ? duration : Infinity;
  return Math.min(Math.max(0, current + delta), end);
}

/** The video after the current one in the lecture's playlist, if any. */
export function nextVideoId(playlist: readonly { id: string }[], currentId: string): string | null {
  const index = playlist.findIndex((v) => v.id === currentId);
  return index >= 0 ? (playlist[index + 1]?.id ?? null) : null;
}

/** Reads the navigation state another page left (history state is untyped and may be anything). */
export function readNavState(state: unknown): PlayerNavState {
  if (!state || typeof state !== 'object') return {};
  const { seekTo, autoplay, answerAt } = state as Record<string, unknown>;
  const seconds = (value: unknown) =>
    typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
  return { seekTo: seconds(seekTo), autoplay: autoplay === true, answerAt: seconds(answerAt) };
}
