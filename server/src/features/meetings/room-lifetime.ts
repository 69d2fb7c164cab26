import type { AppDeps } from '../../app-deps';
import { roomsToClose } from './meetings.repository';
import type { MeetingsService } from './meetings.service';
import { roomSpecOf } from './meetings.service';

// How long a room lives (docs/decisions.md "Live rooms"): until an instructor or the provider ends it;
// a discussion nobody from the course joined ends when the live window of its lecture closes (the
// question goes back to the queue); any room ends at the latest ROOM_MAX_AGE_MS after it opened.

export const CLOSE_ROOMS_JOB = 'meetings.close-overdue';
export const CLOSE_ROOMS_EVERY_MS = 60_000;
export const ROOM_MAX_AGE_MS = 4 * 3600_000;

/** Ends every overdue room; returns how many ended. Run by a recurring job on one instance at a time. */
export async function closeOverdueRooms(deps: AppDeps, meetings: MeetingsService): Promise<number> {
  const now = deps.clock();
  const overdue = await roomsToClose(deps.db, now, new Date(now.getTime() - ROOM_MAX_AGE_MS));
  let ended = 0;
  for (const meeting of overdue) {
    const question = await meetings.questions.find(deps.db, meeting.questionId);
    if (question) {
      // The provider's room goes first; if it cannot be reached, the next run tries again.
      const reached = await meetings.provider.end(roomSpecOf(question, meeting.purpose)).then(
        () => true,
        () => false,
      );
      if (!reached) continue;
    }
    const outcome = meeting.instructorJoinedAt || meeting.purpose === 'recording' ? 'recorded' : 'unattended';
    if (await meetings.settleRoom(meeting.questionId, outcome)) ended += 1;
  }
  return ended;
}
