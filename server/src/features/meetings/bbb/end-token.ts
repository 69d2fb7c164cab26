import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { MeetingRow } from '../meetings.repository';

// The end callback of BigBlueButton is not signed (BBB §2): its URL carries our own token, different
// for every opening of a room, derived from the shared secret so that a repeated `create` (after
// BigBlueButton dropped an empty meeting) carries the same one. Only its hash is stored.

export function endTokenOf(secret: string, meeting: Pick<MeetingRow, 'meetingId' | 'openedAt'>): string {
  return createHmac('sha256', secret)
    .update(`end-callback:${meeting.meetingId}:${meeting.openedAt.toISOString()}`)
    .digest('base64url');
}

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** True when `token` is the one stored (hashed) for the room's current opening. */
export function endTokenMatches(token: string, storedHash: string | null): boolean {
  if (!storedHash) return false;
  const given = Buffer.from(hashToken(token), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}
