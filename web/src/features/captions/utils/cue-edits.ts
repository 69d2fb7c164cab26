import type { Cue } from '@lectern/shared';

// The caption editor's operations on a cue list, pure so they are tested without a browser. Times are kept
// to the millisecond, as WebVTT writes them.

const ms = (seconds: number) => Math.round(seconds * 1000) / 1000;
const replace = (cues: Cue[], i: number, ...items: Cue[]) => [
  ...cues.slice(0, i),
  ...items,
  ...cues.slice(i + 1),
];

/** Moves one edge of a cue by `delta` seconds, never below 0 nor past its other edge. */
export function nudge(cues: Cue[], i: number, edge: 'start' | 'end', delta: number): Cue[] {
  const cue = cues[i];
  if (!cue) return cues;
  const moved =
    edge === 'start'
      ? { ...cue, start: ms(Math.min(Math.max(0, cue.start + delta), cue.end - 0.001)) }
      : { ...cue, end: ms(Math.max(cue.end + delta, cue.start + 0.001)) };
  return replace(cues, i, moved);
}

/** Sets a cue's field. */
export const updateCue = (cues: Cue[], i: number, change: Partial<Cue>): Cue[] =>
  cues[i] ? replace(cues, i, { ...cues[i], ...change }) : cues;

/**
 * Splits a cue in two at its middle: the time halves, the words go half to each (by word count). A cue of
 * one word keeps it in the first half and leaves the second to be typed.
 */
export function splitCue(cues: Cue[], i: number): Cue[] {
  const cue = cues[i];
  if (!cue) return cues;
  const middle = ms((cue.start + cue.end) / 2);
  const words = cue.text.split(/\s+/).filter(Boolean);
  const cut = Math.max(1, Math.ceil(words.length / 2));
  return replace(
    cues,
    i,
    { start: cue.start, end: middle, text: words.slice(0, cut).join(' ') },
    { start: middle, end: cue.end, text: words.slice(cut).join(' ') || '…' },
  );
}

/** Merges a cue with the next one: from the first's start to the second's end, texts joined. */
export function mergeWithNext(cues: Cue[], i: number): Cue[] {
  const [a, b] = [cues[i], cues[i + 1]];
  if (!a || !b) return cues;
  return [
    ...cues.slice(0, i),
    { start: a.start, end: b.end, text: `${a.text} ${b.text}` },
    ...cues.slice(i + 2),
  ];
}
