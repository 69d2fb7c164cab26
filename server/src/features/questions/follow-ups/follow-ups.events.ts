import type { Tx } from '../../../db/client';
import { emit } from '../../../events/outbox';
import { videoAudience } from '../../access/public';
import type { QuestionRecord } from '../questions.repository';

/**
 * A follow-up under `question` was posted, answered or deleted: the members and admins of the lectures
 * holding its video hear of it (students of released lectures only), who are those GET
 * /api/questions/:id/follow-ups answers; unlike an answer, not a follower of the video by link.
 */
export async function emitFollowUpChanged(
  tx: Tx,
  question: Pick<QuestionRecord, 'id' | 'videoId' | 'askerId'>,
  followUpId: string,
): Promise<void> {
  await emit(tx, {
    payload: { type: 'followup.changed', videoId: question.videoId, questionId: question.id, followUpId },
    audience: await videoAudience(tx, question.videoId, 'members', question.askerId),
  });
}
