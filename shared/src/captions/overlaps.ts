import type { PlacedCue } from './validate';

/**
 * Overlapping cues of an uploaded file made one-at-a-time (issue 21): YouTube's automatic captions roll,
 * each cue starting before the previous one ends. A cue that starts while the previous one shows ends
 * that one; cues starting at the same moment become one cue of both texts. Anything else (a cue that
 * starts before the previous one, or ends before it starts) is left for validateCues to refuse by line.
 */
export function normaliseOverlaps(placed: readonly PlacedCue[]): PlacedCue[] {
  const result: PlacedCue[] = [];
  for (const current of placed) {
    const previous = result.at(-1);
    const cue = current.cue;
    const overlapping = previous && previous.cue.end > previous.cue.start && cue.start < previous.cue.end;
    if (!previous || !overlapping || cue.start < previous.cue.start) {
      result.push(current);
    } else if (cue.start === previous.cue.start) {
      const end = Math.max(previous.cue.end, cue.end);
      result[result.length - 1] = {
        ...previous,
        cue: { start: cue.start, end, text: `${previous.cue.text}\n${cue.text}` },
      };
    } else {
      result[result.length - 1] = { ...previous, cue: { ...previous.cue, end: cue.start } };
      result.push(current);
    }
  }
  return result;
}
