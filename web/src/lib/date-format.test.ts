import { describe, expect, it } from 'vitest';
import { formatDateTime, formatTimeOfDay } from './date-format';

describe('date format', () => {
  const iso = '2030-03-04T09:05:00.000Z';

  it('shows a moment as a medium date and a short time in the user’s locale', () => {
    const expected = new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
    expect(formatDateTime(iso)).toBe(expected);
    expect(formatDateTime(Date.parse(iso))).toBe(expected);
    expect(formatTimeOfDay(iso)).toBe(new Date(iso).toLocaleTimeString(undefined, { timeStyle: 'medium' }));
  });

  it('shows nothing for a missing or unreadable date', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('')).toBe('');
    expect(formatDateTime('not a date')).toBe('');
    expect(formatTimeOfDay('not a date')).toBe('');
  });
});
