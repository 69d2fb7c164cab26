import { describe, expect, it } from 'vitest';
import { CUE_SHAPE, cuesFromWords } from './cues-from-words';
import type { HeardWord } from './engine';

/** Words of `text` spoken evenly from `start`, `perWord` seconds each with no pause. */
const spoken = (text: string, start = 0, perWord = 0.4): HeardWord[] =>
  text.split(' ').map((w, i) => ({ text: w, start: start + i * perWord, end: start + (i + 1) * perWord }));

describe('cuesFromWords', () => {
  it('keeps a short sentence in one cue, with its words’ times', () => {
    expect(cuesFromWords(spoken('the velocity is zero', 2))).toEqual([
      { start: 2, end: 3.6, text: 'the velocity is zero' },
    ]);
  });

  it('starts a new cue where the speaker pauses', () => {
    const words = [
      ...spoken('at the top', 0),
      ...spoken('it falls again', 1.2 + CUE_SHAPE.pauseSeconds + 0.1),
    ];
    expect(cuesFromWords(words).map((c) => c.text)).toEqual(['at the top', 'it falls again']);
  });

  it('never shows more than two lines of 42 characters, nor a cue longer than 7 s', () => {
    const words = spoken(
      'the market finds a price where the quantity supplied equals the quantity demanded and a tax on sellers moves the supply curve up so both buyers and sellers share the cost of it',
      0,
      0.3,
    );
    const cues = cuesFromWords(words);
    expect(cues.length).toBeGreaterThan(1);
    for (const cue of cues) {
      const lines = cue.text.split('\n');
      expect(lines.length).toBeLessThanOrEqual(2);
      for (const line of lines) expect(line.length).toBeLessThanOrEqual(42);
      expect(cue.end - cue.start).toBeLessThanOrEqual(7);
    }
    // Nothing lost, nothing repeated, in order.
    expect(cues.map((c) => c.text.replace('\n', ' ')).join(' ')).toBe(words.map((w) => w.text).join(' '));
  });

  it('splits on time even when the text is short: one slow word a second', () => {
    const cues = cuesFromWords(spoken('one two three four five six seven eight nine ten', 0, 1));
    expect(cues.map((c) => c.end - c.start)).toEqual([7, 3]);
  });

  it('makes no cue from no words', () => {
    expect(cuesFromWords([])).toEqual([]);
  });
});
