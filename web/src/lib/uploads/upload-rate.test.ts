import { describe, expect, it } from 'vitest';
import { formatSpeed, formatTimeLeft, uploadRate } from './upload-rate';

describe('upload rate', () => {
  it('averages the speed since the start and gives the time left at it', () => {
    expect(uploadRate({ sent: 1_000_000, at: 0 }, { sent: 5_000_000, at: 2000 }, 25_000_000)).toEqual({
      bytesPerSecond: 2_000_000,
      secondsLeft: 10,
    });
  });

  it('knows nothing during the first second or before any byte moved', () => {
    const unknown = { bytesPerSecond: null, secondsLeft: null };
    expect(uploadRate({ sent: 0, at: 0 }, { sent: 500, at: 900 }, 1000)).toEqual(unknown);
    expect(uploadRate({ sent: 500, at: 0 }, { sent: 500, at: 5000 }, 1000)).toEqual(unknown);
  });

  it('words speeds and times for people', () => {
    expect(formatSpeed(850_000)).toBe('850 KB/s');
    expect(formatSpeed(2_430_000)).toBe('2.4 MB/s');
    expect(formatSpeed(512)).toBe('512 B/s');
    expect(formatTimeLeft(11.2)).toBe('12 s left');
    expect(formatTimeLeft(200)).toBe('4 min left');
    expect(formatTimeLeft(3900)).toBe('1 h 5 min left');
  });
});
