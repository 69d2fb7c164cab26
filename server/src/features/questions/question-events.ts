import type { EventType } from '@lectern/shared';
import type { Tx } from '../../db/client';
import { emit } from '../../events/outbox';
import type { EventPayload } from '../../events/domain-event';
import { videoAudience } from '../access/access.service';
import type { QuestionRecord } from './questions.repository';

/**
 * Writes a question's event in the transaction that changed it. Anything about an answered question
 * (or one that was answered a moment ago) concerns every viewer of the video; an unanswered one only
 * its course admins and its asker (DESIGN §5.3).
 */
export async function emitQuestionEvent(
  tx: Tx,
  type: Extract<EventType, `question.${string}` | 'vote.changed'>,
  question: Pick<QuestionRecord, 'id' | 'videoId' | 'askerId'>,
  options: { public: boolean; extra?: Partial<EventPayload> },
): Promise<void> {
  await emit(tx, {
    payload: { type, videoId: question.videoId, questionId: question.id, ...options.extra },
    audience: await videoAudience(
      tx,
      question.videoId,
      options.public ? 'watchers' : 'admins',
      question.askerId,
    ),
  });
}
