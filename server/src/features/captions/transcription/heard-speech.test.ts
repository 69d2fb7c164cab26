import { describe, expect, it } from 'vitest';
import { heardSpeech } from './heard-speech';

const heard = (...texts: string[]) => heardSpeech(texts.map((text, i) => ({ text, start: i, end: i + 1 })));

describe('heardSpeech', () => {
  it('counts a tone heard as "ah", music written as a note, and nothing at all as no speech', () => {
    expect(heard()).toBe(false);
    expect(heard('ah')).toBe(false);
    expect(heard('[Music]', '♪', '(applause)', 'Um,')).toBe(false);
  });

  it('counts one real word among them as speech', () => {
    expect(heard('ah', 'motion')).toBe(true);
  });
});
