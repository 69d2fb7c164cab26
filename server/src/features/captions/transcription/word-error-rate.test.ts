import { describe, expect, it } from 'vitest';
import { wordErrorRate, wordsOf } from './word-error-rate';

describe('wordErrorRate', () => {
  it('is 0 for the same words, whatever the case and punctuation', () => {
    expect(wordErrorRate('The ball, thrown up.', 'the ball thrown up')).toBe(0);
  });

  it('counts substitutions, deletions and insertions against the reference’s length', () => {
    expect(wordErrorRate('a b c d', 'a x c d')).toBe(0.25); // one substitution
    expect(wordErrorRate('a b c d', 'a c d')).toBe(0.25); // one deletion
    expect(wordErrorRate('a b c d', 'a b c d e f')).toBe(0.5); // two insertions
  });

  it('is 1 for nothing heard, and for anything heard over silence', () => {
    expect(wordErrorRate('a b', '')).toBe(1);
    expect(wordErrorRate('', 'a')).toBe(1);
    expect(wordErrorRate('', '')).toBe(0);
  });

  it('keeps apostrophes inside words', () => {
    expect(wordsOf("Newton's second law")).toEqual(["newton's", 'second', 'law']);
  });
});
