import { describe, expect, it } from 'vitest';
import { ago, rosterSummary } from './roster-summary';

const now = new Date('2026-11-28T09:00:00Z');
const link = {
  platformName: 'Canvas',
  canSync: true,
  lastSyncAt: '2026-11-28T08:57:00Z',
  lastSyncMembers: 42,
  lastSyncError: null,
};

describe('rosterSummary', () => {
  it('says how many members the last sync read, and when', () => {
    expect(rosterSummary(link, now)).toBe('Synced 42 members 3 min ago.');
    expect(rosterSummary({ ...link, lastSyncMembers: 1 }, now)).toBe('Synced 1 member 3 min ago.');
  });
  it('says why the last sync failed', () => {
    expect(rosterSummary({ ...link, lastSyncError: 'the roster runs past 200 pages' }, now)).toBe(
      'The last sync failed 3 min ago: the roster runs past 200 pages.',
    );
  });
  it('says when there was none yet, or the LMS shares no roster', () => {
    expect(rosterSummary({ ...link, lastSyncAt: null }, now)).toBe('Not synced yet.');
    expect(rosterSummary({ ...link, canSync: false }, now)).toMatch(/^Canvas does not share/);
  });
});

describe('ago', () => {
  it('is coarse', () => {
    expect(ago(new Date('2026-11-28T08:59:50Z'), now)).toBe('just now');
    expect(ago(new Date('2026-11-28T06:00:00Z'), now)).toBe('3 h ago');
    expect(ago(new Date('2026-11-27T09:00:00Z'), now)).toBe('1 day ago');
  });
});
