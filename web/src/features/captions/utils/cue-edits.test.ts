import { describe, expect, it } from 'vitest';
import { mergeWithNext, nudge, splitCue, updateCue } from './cue-edits';

const cues = [
  { start: 1, end: 4, text: 'one two three four' },
  { start: 5, end: 6, text: 'five' },
];

describe('caption editor operations', () => {
  it('nudges one edge, keeping the cue at least a millisecond long and after zero', () => {
    expect(nudge(cues, 0, 'start', -0.1)[0]).toEqual({ ...cues[0], start: 0.9 });
    expect(nudge(cues, 0, 'end', 0.1)[0]).toEqual({ ...cues[0], end: 4.1 });
    expect(nudge(cues, 0, 'start', -5)[0]!.start).toBe(0);
    expect(nudge(cues, 1, 'end', -5)[1]!.end).toBe(5.001);
    expect(nudge(cues, 0, 'start', 0.1)[1]).toBe(cues[1]);
  });

  it('splits at the middle of the time and of the words', () => {
    expect(splitCue(cues, 0)).toEqual([
      { start: 1, end: 2.5, text: 'one two' },
      { start: 2.5, end: 4, text: 'three four' },
      cues[1],
    ]);
    expect(splitCue(cues, 1).slice(1)).toEqual([
      { start: 5, end: 5.5, text: 'five' },
      { start: 5.5, end: 6, text: '…' },
    ]);
  });

  it('merges a cue with the next, and leaves the last one alone', () => {
    expect(mergeWithNext(cues, 0)).toEqual([{ start: 1, end: 6, text: 'one two three four five' }]);
    expect(mergeWithNext(cues, 1)).toBe(cues);
  });

  it('updates a field', () => {
    expect(updateCue(cues, 1, { text: 'FIVE' })[1]).toEqual({ start: 5, end: 6, text: 'FIVE' });
  });
});
