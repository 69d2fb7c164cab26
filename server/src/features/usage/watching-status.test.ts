import { describe, expect, it } from 'vitest';
import { type LatestPlayback, isCurrentlyWatching } from './watching-status';

const AT = new Date('2026-03-02T12:00:00.000Z');
const later = (s: number) => new Date(AT.getTime() + s * 1000);
const play = (overrides: Partial<LatestPlayback> = {}): LatestPlayback => ({
  action: 'videoPlayLecture',
  at: AT,
  videoTime: 0,
  rate: null,
  ...overrides,
});

describe('isCurrentlyWatching', () => {
  it('is false without playback and after a pause', () => {
    expect(isCurrentlyWatching(null, 100, AT)).toBe(false);
    expect(isCurrentlyWatching(play({ action: 'videoPauseLecture' }), 100, AT)).toBe(false);
  });

  it('lasts 60 s after a progress report, the heartbeat of a playing page', () => {
    const progress = play({ action: 'videoProgressLecture', videoTime: 10 });
    expect(isCurrentlyWatching(progress, 100, later(60))).toBe(true);
    expect(isCurrentlyWatching(progress, 100, later(61))).toBe(false);
  });

  it('lasts the rest of the video plus 60 s after a play, seek or rate change', () => {
    for (const action of ['videoPlayLecture', 'videoSeekedLecture', 'videoRateChangeLecture'] as const) {
      expect(isCurrentlyWatching(play({ action, videoTime: 40 }), 100, later(120))).toBe(true);
      expect(isCurrentlyWatching(play({ action, videoTime: 40 }), 100, later(120.001))).toBe(false);
    }
  });

  it('runs faster at a higher rate', () => {
    expect(isCurrentlyWatching(play({ rate: 2 }), 100, later(110))).toBe(true);
    expect(isCurrentlyWatching(play({ rate: 2 }), 100, later(111))).toBe(false);
  });

  it('falls back to 60 s when the duration or the position is unknown', () => {
    expect(isCurrentlyWatching(play(), null, later(60))).toBe(true);
    expect(isCurrentlyWatching(play(), null, later(61))).toBe(false);
    expect(isCurrentlyWatching(play({ videoTime: null }), 100, later(61))).toBe(false);
  });
});
