import { describe, expect, it } from 'vitest';
import { RATE_OPTIONS, nextVideoId, readNavState, skipTarget } from './playback';

describe('RATE_OPTIONS', () => {
  it('runs from 0.5 to 2 in 0.1 steps', () => {
    expect(RATE_OPTIONS).toHaveLength(16);
    expect(RATE_OPTIONS[0]).toBe(0.5);
    expect(RATE_OPTIONS[1]).toBe(0.6);
    expect(RATE_OPTIONS.at(-1)).toBe(2);
  });
});

describe('skipTarget', () => {
  it('stays within the video', () => {
    expect(skipTarget(5, -10, 90)).toBe(0);
    expect(skipTarget(80, 25, 90)).toBe(90);
    expect(skipTarget(30, 10, 90)).toBe(40);
    expect(skipTarget(30, 25, Number.NaN)).toBe(55);
  });
});

describe('nextVideoId', () => {
  const list = [{ id: 'a' }, { id: 'b' }];
  it('gives the following video, or none at the end or for a stranger', () => {
    expect(nextVideoId(list, 'a')).toBe('b');
    expect(nextVideoId(list, 'b')).toBeNull();
    expect(nextVideoId(list, 'x')).toBeNull();
  });
});

describe('readNavState', () => {
  it('keeps only a valid seekTo and a true autoplay', () => {
    expect(readNavState({ seekTo: 12.5, autoplay: true })).toEqual({ seekTo: 12.5, autoplay: true });
    expect(readNavState({ seekTo: -1, autoplay: 'yes' })).toEqual({ seekTo: undefined, autoplay: false });
    expect(readNavState(null)).toEqual({});
    expect(readNavState({ answerAt: 3 }).answerAt).toBe(3);
    expect(readNavState({ answerAt: '3' }).answerAt).toBeUndefined();
  });
});
