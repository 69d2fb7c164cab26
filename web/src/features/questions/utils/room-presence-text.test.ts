import type { RoomPresence } from '@lectern/shared';
import { describe, expect, it } from 'vitest';
import { askerWhereabouts, roughDuration } from './room-presence-text';

const at = (iso: string) => Date.parse(iso);
const presence = (asker: RoomPresence['asker'], tracked = true): RoomPresence => ({
  questionId: '00000000-0000-4000-8000-000000000000',
  tracked,
  present: [],
  asker,
});

describe('a live card says where the asker is', () => {
  it('rounds ages down to minutes, then hours and minutes', () => {
    expect(roughDuration(59_999)).toBe('less than a minute');
    expect(roughDuration(-5)).toBe('less than a minute');
    expect(roughDuration(2 * 60_000 + 59_000)).toBe('2 min');
    expect(roughDuration(60 * 60_000)).toBe('1 h');
    expect(roughDuration(65 * 60_000)).toBe('1 h 5 min');
  });

  it('waiting while in the room, left since when after, not come yet before, unknown elsewhere', () => {
    const now = at('2026-11-27T10:05:30Z');
    expect(askerWhereabouts(presence({ since: '2026-11-27T10:03:00Z', leftAt: null }), now)).toEqual({
      waiting: true,
      text: 'Waiting 2 min',
    });
    expect(askerWhereabouts(presence({ since: null, leftAt: '2026-11-27T10:00:00Z' }), now)).toEqual({
      waiting: false,
      text: 'The student left the room 5 min ago.',
    });
    expect(askerWhereabouts(presence({ since: null, leftAt: null }), now)?.text).toBe(
      'The student has not joined the room yet.',
    );
    expect(askerWhereabouts(presence({ since: null, leftAt: null }, false), now)).toBeNull();
  });
});
