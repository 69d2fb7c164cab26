import type { Tx } from '../../db/client';
import type { EventPayload } from '../../events/domain-event';
import { emit } from '../../events/outbox';
import { videoAudience } from '../access/access.service';
import type { QuestionRecord } from '../questions/public';

export type MeetingEventType = 'meeting.opened' | 'meeting.joined' | 'meeting.ended';

/** A room's change, for the asker and the course admins only: like the unanswered question it belongs to. */
export async function emitMeetingEvent(
  tx: Tx,
  type: MeetingEventType,
  question: Pick<QuestionRecord, 'id' | 'videoId' | 'askerId'>,
  extra: Partial<EventPayload> = {},
): Promise<void> {
  await emit(tx, {
    payload: { type, videoId: question.videoId, questionId: question.id, ...extra },
    audience: await videoAudience(tx, question.videoId, 'admins', question.askerId),
  });
}
