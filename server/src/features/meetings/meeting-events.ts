import type { Tx } from '../../db/client';
import type { EventExtraOption, EventPayloadOf } from '../../events/domain-event';
import { emit } from '../../events/outbox';
import { type QuestionRecord, questionAudience } from '../questions/public';

export type MeetingEventType = 'meeting.opened' | 'meeting.joined' | 'meeting.ended';

/** A room's change, for the asker and the course admins only: like the unanswered question it belongs to. */
export async function emitMeetingEvent<T extends MeetingEventType>(
  tx: Tx,
  type: T,
  question: Pick<QuestionRecord, 'id' | 'videoId' | 'askerId' | 'lectureId'>,
  options?: EventExtraOption<T, 'videoId' | 'questionId'>,
): Promise<void> {
  // The cast joins what the signature checked per type: the ids here and the type's own fields.
  const payload = { type, videoId: question.videoId, questionId: question.id, ...options?.extra };
  await emit(tx, {
    payload: payload as EventPayloadOf<T>,
    audience: await questionAudience(tx, question, 'admins'),
  });
}
