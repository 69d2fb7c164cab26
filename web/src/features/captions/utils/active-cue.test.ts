import { describe, expect, it } from 'vitest';
import { activeCueIndex, nextLine } from './active-cue';

const cues = [
  { start: 1, end: 4 },
  { start: 4, end: 6 },
  { start: 10, end: 12 },
];

describe('activeCueIndex', () => {
  it('finds the cue being spoken, start inclusive and end exclusive', () => {
    expect(activeCueIndex(cues, 1)).toBe(0);
    expect(activeCueIndex(cues, 4)).toBe(1);
    expect(activeCueIndex(cues, 11.9)).toBe(2);
  });
  it('gives -1 before, between and after the cues', () => {
    expect([0.5, 7, 12, 99].map((t) => activeCueIndex(cues, t))).toEqual([-1, -1, -1, -1]);
    expect(activeCueIndex([], 3)).toBe(-1);
  });
});

describe('nextLine', () => {
  it('moves by arrows within the list and jumps with Home and End', () => {
    expect(nextLine('ArrowDown', 0, 3)).toBe(1);
    expect(nextLine('ArrowDown', 2, 3)).toBe(2);
    expect(nextLine('ArrowUp', 0, 3)).toBe(0);
    expect(nextLine('End', 0, 3)).toBe(2);
    expect(nextLine('Home', 2, 3)).toBe(0);
    expect(nextLine('a', 1, 3)).toBeNull();
  });
});
