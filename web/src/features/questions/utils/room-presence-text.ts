import { ROOM_PRESENCE, type RoomPresence } from '@lectern/shared';

const MINUTE = 60_000;

/** "less than a minute", "2 min", "1 h 5 min": a card's rough age, refreshed every half minute. */
export function roughDuration(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / MINUTE);
  if (minutes < 1) return 'less than a minute';
  if (minutes < 60) return `${minutes} min`;
  const rest = minutes % 60;
  return `${Math.floor(minutes / 60)} h${rest ? ` ${rest} min` : ''}`;
}

/**
 * Where a live question's asker is, as its card says it (issue 21): waiting in the room for so long, gone
 * since when, or not come yet. Null when Lectern cannot tell (a BigBlueButton room).
 */
export function askerWhereabouts(
  presence: RoomPresence,
  now: number,
): { waiting: boolean; text: string } | null {
  if (!presence.tracked) return null;
  const { since, leftAt } = presence.asker;
  if (since) return { waiting: true, text: ROOM_PRESENCE.waiting(roughDuration(now - Date.parse(since))) };
  if (leftAt)
    return {
      waiting: false,
      text: ROOM_PRESENCE.left(roughDuration(now - Date.parse(leftAt))),
    };
  return { waiting: false, text: ROOM_PRESENCE.notYet };
}
