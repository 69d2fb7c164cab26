import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../lib/date-format';
import { formatUsageTime, statusOrLastActive } from './usage-format';

describe('usage formatting', () => {
  it('shows "—" for a missing or unreadable time', () => {
    expect(formatUsageTime(null)).toBe('—');
    expect(formatUsageTime('')).toBe('—');
    expect(formatUsageTime('not a date')).toBe('—');
  });

  it('shows "currently watching" instead of the last-active time', () => {
    const lastActive = '2026-03-02T12:00:00.000Z';
    expect(statusOrLastActive({ status: 'currently watching', lastActive })).toBe('currently watching');
    expect(statusOrLastActive({ status: null, lastActive })).toBe(formatDateTime(lastActive));
    expect(statusOrLastActive({ status: null, lastActive: '' })).toBe('—');
  });
});
