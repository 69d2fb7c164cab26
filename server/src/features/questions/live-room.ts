import type { AppDeps } from '../../app-deps';
import type { Tx } from '../../db/client';

// A live question opens its room at once (issue 10). The meetings feature sits above questions, so the
// question only asks for it: a job queued in the question's own transaction, run by meetings, retried
// when the meeting provider fails, and never run for a question that did not commit.

export const OPEN_LIVE_ROOM_JOB = 'meetings.open-live-room';
export interface OpenLiveRoomPayload {
  questionId: string;
}

export async function requestLiveRoom(deps: AppDeps, tx: Tx, questionId: string): Promise<void> {
  const payload: OpenLiveRoomPayload = { questionId };
  await deps.jobs.enqueue(tx, OPEN_LIVE_ROOM_JOB, payload, { maxAttempts: 3 });
}
