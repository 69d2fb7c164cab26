import { PLAYBACK_RATE } from '@lectern/shared';
import { RATE_OPTIONS } from './playback';

/** What a player shortcut asks for (the C key for captions lives with the caption toggle). */
export type PlayerKeyAction =
  | { kind: 'toggle-play' }
  | { kind: 'skip'; seconds: number }
  | { kind: 'rate'; step: -1 | 1 }
  | { kind: 'help' };

type KeyLike = Pick<KeyboardEvent, 'key' | 'shiftKey' | 'ctrlKey' | 'metaKey' | 'altKey'>;

/**
 * The YouTube-style keys: Space and K play/pause, J/L −10/+10 s, Shift+J/Shift+L −25/+25 s (the spec's
 * skip buttons), < and > one speed step, ? the list of keys. Keys with Ctrl, Cmd or Alt belong to the
 * browser. `<`, `>` and `?` are typed with Shift on most layouts, so Shift is not checked for them.
 */
export function playerKeyAction(e: KeyLike): PlayerKeyAction | null {
  if (e.ctrlKey || e.metaKey || e.altKey) return null;
  switch (e.key) {
    case ' ':
      return e.shiftKey ? null : { kind: 'toggle-play' };
    case 'k':
    case 'K':
      return { kind: 'toggle-play' };
    case 'j':
    case 'J':
      return { kind: 'skip', seconds: e.shiftKey ? -25 : -10 };
    case 'l':
    case 'L':
      return { kind: 'skip', seconds: e.shiftKey ? 25 : 10 };
    case '<':
      return { kind: 'rate', step: -1 };
    case '>':
      return { kind: 'rate', step: 1 };
    case '?':
      return { kind: 'help' };
    default:
      return null;
  }
}

/** The speed one option up or down from `rate` (SPEC §9: 0.5–2 in 0.1 steps), stopping at the ends. */
export function steppedRate(rate: number, step: -1 | 1): number {
  const clamp = (i: number) => Math.min(Math.max(i, 0), RATE_OPTIONS.length - 1);
  const nearest = clamp(Math.round((rate - PLAYBACK_RATE.min) / PLAYBACK_RATE.step));
  return RATE_OPTIONS.at(clamp(nearest + step)) ?? rate;
}

/** The keys as the help dialog lists them. */
export const PLAYER_KEYS: readonly { keys: string; does: string }[] = [
  { keys: 'Space or K', does: 'Play or pause' },
  { keys: 'J / L', does: 'Back / forward 10 seconds' },
  { keys: 'Shift+J / Shift+L', does: 'Back / forward 25 seconds' },
  { keys: '< / >', does: 'Slower / faster (0.1× steps)' },
  { keys: 'C', does: 'Captions on or off (when the video has captions)' },
  { keys: '?', does: 'This list of keys' },
];
