import type { Tx } from '../../db/client';
import type { EventPayload } from '../../events/domain-event';
import { emit } from '../../events/outbox';
import { type QuestionRecord, questionAudience } from '../questions/public';

export type MeetingEventType = 'meeting.opened' | 'meeting.joined' | 'meeting.ended';

/** A room's change, for the asker and the course admins only: like the unanswered question it belongs to. */
export async function emitMeetingEvent(
  tx: Tx,
  type: MeetingEventType,
  question: Pick<QuestionRecord, 'id' | 'videoId' | 'askerId' | 'lectureId'>,
  extra: Partial<EventPayload> = {},
): Promise<void> {
  await emit(tx, {
    payload: { type, videoId: question.videoId, questionId: question.id, ...extra },
    audience: await questionAudience(tx, question, 'admins'),
  });
}
