import type { AppDeps } from '../../app-deps';
import type { Tx } from '../../db/client';
import type { QuestionsFeature, RoomOutcome } from '../questions/public';
import { emitMeetingEvent } from './meeting-events';
import { lockMeeting, updateMeeting } from './meetings.repository';

/**
 * Ends the question's open room in `tx`, and its question follows the outcome (the questions feature's
 * rule, `settleRoom`); false when the room was not open (every ending is idempotent).
 */
export async function settleEndedRoom(
  deps: AppDeps,
  questions: QuestionsFeature,
  tx: Tx,
  questionId: string,
  outcome: RoomOutcome,
): Promise<boolean> {
  const meeting = await lockMeeting(tx, questionId);
  if (meeting?.status !== 'open') return false;
  await updateMeeting(tx, questionId, { status: 'ended', endedAt: deps.clock() });
  const question = await questions.settleRoom(tx, questionId, outcome);
  if (!question) return true;
  await emitMeetingEvent(tx, 'meeting.ended', question, {
    extra: outcome === 'recorded' ? {} : { reason: outcome },
  });
  return true;
}
