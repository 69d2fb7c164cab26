import type { DbOrTx, Tx } from '../../db/client';
import { emit } from '../../events/outbox';
import {
  type Audience,
  type EventExtraOption,
  type EventPayloadOf,
  audienceOfLectures,
} from '../../events/domain-event';
import { findLecture, videoAudience } from '../access/public';
import type { QuestionRecord } from './questions.repository';

type AudienceQuestion = Pick<QuestionRecord, 'videoId' | 'askerId' | 'lectureId'> &
  Partial<Pick<QuestionRecord, 'hiddenAt'>>;

/**
 * Who hears of a question's change. Anything about an answered question (or one answered a moment ago)
 * concerns every viewer of the video, in every course holding it; an unanswered one, its room and its
 * meeting only the asker and the admins of the asker's own course (DESIGN §5.3, issue 20): an admin of
 * a course holding a concurrent copy of the lecture hears nothing of it. A question whose lecture is
 * gone falls back to the courses holding its video. A hidden question (issue 24, flags) is the asker's
 * and the admins' only, as if unanswered.
 */
export async function questionAudience(
  db: DbOrTx,
  question: AudienceQuestion,
  visibility: 'admins' | 'watchers',
): Promise<Audience> {
  const to = question.hiddenAt ? 'admins' : visibility;
  const lecture = to === 'admins' && question.lectureId ? await findLecture(db, question.lectureId) : null;
  return lecture
    ? audienceOfLectures('admins', [lecture], question.askerId)
    : videoAudience(db, question.videoId, to, question.askerId);
}

type QuestionEventType =
  | 'question.asked'
  | 'question.answered'
  | 'question.status'
  | 'question.edited'
  | 'question.deleted'
  | 'vote.changed';

/** Writes a question's event in the transaction that changed it, with the fields its type carries. */
export async function emitQuestionEvent<T extends QuestionEventType>(
  tx: Tx,
  type: T,
  question: Pick<QuestionRecord, 'id'> & AudienceQuestion,
  options: { public: boolean } & EventExtraOption<T, 'videoId' | 'questionId'>,
): Promise<void> {
  // The cast joins what the signature checked per type: the ids here and the type's own fields.
  const payload = { type, videoId: question.videoId, questionId: question.id, ...options.extra };
  await emit(tx, {
    payload: payload as EventPayloadOf<T>,
    audience: await questionAudience(tx, question, options.public ? 'watchers' : 'admins'),
  });
}
