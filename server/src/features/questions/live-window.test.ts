import { describe, expect, it } from 'vitest';
import { isInLiveWindow } from './live-window';

describe('isInLiveWindow (SPEC §4 Live discussion)', () => {
  const lecture = {
    lectureDateStart: new Date('2026-03-01T09:00:00Z'),
    lectureDateEnd: new Date('2026-03-01T10:15:00Z'),
  };
  it('is open from start to end, both included', () => {
    expect(isInLiveWindow(lecture, new Date('2026-03-01T09:00:00Z'))).toBe(true);
    expect(isInLiveWindow(lecture, new Date('2026-03-01T09:30:00Z'))).toBe(true);
    expect(isInLiveWindow(lecture, new Date('2026-03-01T10:15:00Z'))).toBe(true);
  });
  it('is closed before and after', () => {
    expect(isInLiveWindow(lecture, new Date('2026-03-01T08:59:59.999Z'))).toBe(false);
    expect(isInLiveWindow(lecture, new Date('2026-03-01T10:15:00.001Z'))).toBe(false);
  });
});
