import { describe, expect, it } from 'vitest';
import { type MatchFeatures, SUGGESTION_THRESHOLD, matchScore, stemOverlap } from './match-score';

const far: MatchFeatures = {
  trigram: 0,
  stems: 0,
  sameRecording: false,
  secondsApart: null,
  sameLecture: false,
};

describe('match score', () => {
  it('never suggests on nearness alone', () => {
    expect(matchScore({ ...far, sameRecording: true, secondsApart: 0, sameLecture: true })).toBe(0);
  });

  it('raises the same words most at the same moment of the same recording, then the lecture', () => {
    const words = { ...far, trigram: 0.4, stems: 0.4 };
    const here = matchScore({ ...words, sameRecording: true, secondsApart: 5 });
    const later = matchScore({ ...words, sameRecording: true, secondsApart: 600 });
    const lecture = matchScore({ ...words, sameLecture: true });
    const course = matchScore(words);
    expect(here).toBeGreaterThan(later);
    expect(later).toBeGreaterThan(lecture);
    expect(lecture).toBeGreaterThan(course);
    expect(here).toBeGreaterThanOrEqual(SUGGESTION_THRESHOLD);
    expect(course).toBeLessThan(SUGGESTION_THRESHOLD);
  });

  it('weighs a stem that many candidates hold less than a rare one', () => {
    const holders = new Map([
      ['differ', 9],
      ['osmosi', 1],
    ]);
    const query = ['differ', 'osmosi'];
    const sharesRare = stemOverlap(query, ['osmosi', 'water'], [], holders);
    const sharesCommon = stemOverlap(query, ['differ', 'water'], [], holders);
    expect(sharesRare).toBeGreaterThan(sharesCommon);
  });

  it('counts a stem only the answer says for less than one the question says', () => {
    const holders = new Map<string, number>();
    const inQuestion = stemOverlap(['recoil', 'gun'], ['recoil', 'gun'], [], holders);
    const inAnswer = stemOverlap(['recoil', 'gun'], ['gun', 'kick'], ['recoil'], holders);
    const nowhere = stemOverlap(['recoil', 'gun'], ['gun', 'kick'], [], holders);
    expect(inQuestion).toBe(1);
    expect(inAnswer).toBeGreaterThan(nowhere);
    expect(inAnswer).toBeLessThan(inQuestion);
  });
});
