import type { EventType } from '@lectern/shared';
import type { DbOrTx, Tx } from '../../db/client';
import { emit } from '../../events/outbox';
import { type Audience, type EventPayload, audienceOfLectures } from '../../events/domain-event';
import { findLecture, videoAudience } from '../access/public';
import type { QuestionRecord } from './questions.repository';

type AudienceQuestion = Pick<QuestionRecord, 'videoId' | 'askerId' | 'lectureId'>;

/**
 * Who hears of a question's change. Anything about an answered question (or one answered a moment ago)
 * concerns every viewer of the video, in every course holding it; an unanswered one, its room and its
 * meeting only the asker and the admins of the asker's own course (DESIGN §5.3, issue 20): an admin of
 * a course holding a concurrent copy of the lecture hears nothing of it. A question whose lecture is
 * gone falls back to the courses holding its video.
 */
export async function questionAudience(
  db: DbOrTx,
  question: AudienceQuestion,
  visibility: 'admins' | 'watchers',
): Promise<Audience> {
  const lecture =
    visibility === 'admins' && question.lectureId ? await findLecture(db, question.lectureId) : null;
  return lecture
    ? audienceOfLectures('admins', [lecture], question.askerId)
    : videoAudience(db, question.videoId, visibility, question.askerId);
}

/** Writes a question's event in the transaction that changed it. */
export async function emitQuestionEvent(
  tx: Tx,
  type: Extract<EventType, `question.${string}` | 'vote.changed'>,
  question: Pick<QuestionRecord, 'id'> & AudienceQuestion,
  options: { public: boolean; extra?: Partial<EventPayload> },
): Promise<void> {
  await emit(tx, {
    payload: { type, videoId: question.videoId, questionId: question.id, ...options.extra },
    audience: await questionAudience(tx, question, options.public ? 'watchers' : 'admins'),
  });
}
