import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  isoToLocalInput,
  lectureDateDefaults,
  lectureDatesFromIso,
  lectureDatesToIso,
  localInputToIso,
} from './lecture-dates';

// A zone with daylight saving time, so the conversions are really tested against local time.
const previousTz = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/New_York';
});
afterAll(() => {
  process.env.TZ = previousTz;
});

describe('datetime-local <-> ISO in the user time zone', () => {
  it('reads a datetime-local value as local wall-clock time', () => {
    expect(localInputToIso('2026-01-15T09:00')).toBe('2026-01-15T14:00:00.000Z'); // EST, UTC-5
    expect(localInputToIso('2026-07-15T09:00')).toBe('2026-07-15T13:00:00.000Z'); // EDT, UTC-4
  });

  it('writes an ISO instant as local wall-clock time', () => {
    expect(isoToLocalInput('2026-01-15T14:00:00.000Z')).toBe('2026-01-15T09:00');
    expect(isoToLocalInput('2026-07-15T13:30:59.999Z')).toBe('2026-07-15T09:30');
  });

  it('round-trips', () => {
    const local = '2026-11-01T23:45';
    expect(isoToLocalInput(localInputToIso(local))).toBe(local);
  });

  it('treats empty and malformed values as missing', () => {
    expect(localInputToIso('')).toBeNull();
    expect(localInputToIso('tomorrow')).toBeNull();
    expect(localInputToIso('2026-02-30T25:00')).toBeNull();
    expect(isoToLocalInput('')).toBe('');
    expect(isoToLocalInput(null)).toBe('');
    expect(isoToLocalInput('not a date')).toBe('');
  });
});

describe('lecture date defaults (SPEC §5, §9)', () => {
  it('sets available 30 min before, live start at, live end 75 min after the lecture date', () => {
    expect(lectureDateDefaults('2026-01-15T09:00')).toEqual({
      lectureDate: '2026-01-15T09:00',
      lectureDateAvailable: '2026-01-15T08:30',
      lectureDateStart: '2026-01-15T09:00',
      lectureDateEnd: '2026-01-15T10:15',
    });
  });

  it('crosses midnight', () => {
    expect(lectureDateDefaults('2026-01-15T00:10')?.lectureDateAvailable).toBe('2026-01-14T23:40');
    expect(lectureDateDefaults('2026-01-15T23:30')?.lectureDateEnd).toBe('2026-01-16T00:45');
  });

  it('counts real minutes across a daylight-saving change', () => {
    // 2026-03-08 02:00 EST jumps to 03:00 EDT: 30 minutes before 03:15 EDT is 01:45 EST.
    expect(lectureDateDefaults('2026-03-08T03:15')?.lectureDateAvailable).toBe('2026-03-08T01:45');
  });

  it('gives nothing for an empty lecture date', () => {
    expect(lectureDateDefaults('')).toBeNull();
  });
});

describe('lecture dates to and from the wire', () => {
  const wire = {
    lectureDate: '2026-01-15T14:00:00.000Z',
    lectureDateAvailable: '2026-01-15T13:30:00.000Z',
    lectureDateStart: '2026-01-15T14:00:00.000Z',
    lectureDateEnd: '2026-01-15T15:15:00.000Z',
  };

  it('converts all four dates both ways', () => {
    const form = lectureDatesFromIso(wire);
    expect(form.lectureDateAvailable).toBe('2026-01-15T08:30');
    expect(lectureDatesToIso(form)).toEqual(wire);
  });

  it('refuses when one date is missing', () => {
    expect(lectureDatesToIso({ ...lectureDatesFromIso(wire), lectureDateEnd: '' })).toBeNull();
  });
});
