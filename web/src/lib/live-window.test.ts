import { describe, expect, it } from 'vitest';
import { isLiveNow } from './live-window';

const lecture = { lectureDateStart: '2026-03-01T09:00:00.000Z', lectureDateEnd: '2026-03-01T10:15:00.000Z' };

describe('isLiveNow', () => {
  it('is true inside the window, both edges included', () => {
    expect(isLiveNow(lecture, Date.parse(lecture.lectureDateStart))).toBe(true);
    expect(isLiveNow(lecture, Date.parse('2026-03-01T09:30:00Z'))).toBe(true);
    expect(isLiveNow(lecture, Date.parse(lecture.lectureDateEnd))).toBe(true);
  });

  it('is false before and after the window', () => {
    expect(isLiveNow(lecture, Date.parse(lecture.lectureDateStart) - 1)).toBe(false);
    expect(isLiveNow(lecture, Date.parse(lecture.lectureDateEnd) + 1)).toBe(false);
  });

  it('is false without a lecture or with unreadable dates', () => {
    expect(isLiveNow(undefined, Date.now())).toBe(false);
    expect(isLiveNow({ lectureDateStart: 'x', lectureDateEnd: 'y' }, Date.now())).toBe(false);
  });
});
