import { CARD_WINDOW } from '@lectern/shared';
import { describe, expect, it } from 'vitest';
import { isCardVisible, questionWindow } from './question-window';

describe('questionWindow', () => {
  it('is 30 s centred on the time asked in the middle of a long video', () => {
    expect(questionWindow(45, 90)).toEqual({ start: 30, end: 60 });
    const { start, end } = questionWindow(45, 90);
    expect(end - start).toBe(CARD_WINDOW.maxSeconds);
  });

  it('starts no earlier than 1 s after the video start', () => {
    expect(questionWindow(0, 90)).toEqual({ start: 1, end: 16 });
    expect(questionWindow(5, 90).start).toBe(1);
    expect(isCardVisible(5, 0.5, 90)).toBe(false);
    expect(isCardVisible(5, 1, 90)).toBe(true);
  });

  it('ends no later than 2 s before the video end', () => {
    expect(questionWindow(89, 90)).toEqual({ start: 73, end: 88 });
    expect(isCardVisible(89, 88, 90)).toBe(true);
    expect(isCardVisible(89, 88.5, 90)).toBe(false);
  });

  it('never exceeds 30 s and stays inside a short video', () => {
    for (const asked of [0, 1, 2, 3, 4, 5, 6]) {
      const { start, end } = questionWindow(asked, 6);
      expect(start).toBe(1);
      expect(end).toBe(4);
    }
  });

  it('shows the card for the whole of a video too short for the margins', () => {
    expect(questionWindow(1, 3)).toEqual({ start: 0, end: 3 });
    expect(isCardVisible(1, 2.5, 3)).toBe(true);
  });

  it('clips only the start while the duration is unknown', () => {
    expect(questionWindow(10, Number.NaN)).toEqual({ start: 1, end: 25 });
    expect(questionWindow(100, 0)).toEqual({ start: 85, end: 115 });
  });

  it('hides the card outside the window', () => {
    expect(isCardVisible(45, 29.9, 90)).toBe(false);
    expect(isCardVisible(45, 30, 90)).toBe(true);
    expect(isCardVisible(45, 60, 90)).toBe(true);
    expect(isCardVisible(45, 60.1, 90)).toBe(false);
  });
});
