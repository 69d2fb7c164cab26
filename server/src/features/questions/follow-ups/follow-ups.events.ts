import type { Tx } from '../../../db/client';
import { audienceOfLectures } from '../../../events/domain-event';
import { emit } from '../../../events/outbox';
import { findLecture, videoAudience } from '../../access/public';
import type { QuestionRecord } from '../questions.repository';
import type { FollowUpRecord } from './follow-ups.repository';

type EventQuestion = Pick<QuestionRecord, 'id' | 'videoId' | 'askerId' | 'lectureId' | 'hiddenAt'>;
type EventFollowUp = Pick<FollowUpRecord, 'id' | 'authorId' | 'hiddenAt'>;

/**
 * The one reader besides the home course's admins when the question or the follow-up is hidden (issue
 * 24, flags), as GET /api/questions/:id/follow-ups lists it: a hidden question is its asker's, a hidden
 * follow-up its author's, and under a hidden question a hidden follow-up is the asker's only if they wrote it.
 */
function hiddenReader(question: EventQuestion, followUp: EventFollowUp): string | null {
  if (!question.hiddenAt) return followUp.authorId;
  if (!followUp.hiddenAt || followUp.authorId === question.askerId) return question.askerId;
  return null;
}

/**
 * A follow-up under `question` was posted, answered or deleted: those GET /api/questions/:id/follow-ups
 * lists it to hear of it. Shown, the members and admins of the lectures holding its video (students of
 * released lectures only) and the asker; unlike an answer, not a follower of the video by link. Hidden,
 * or under a hidden question, the admins of the question's home lecture and `hiddenReader`. Hiding or
 * restoring a follow-up is announced as shown (`hiddenAt: null`), so that classmates' lists drop or regain it.
 */
export async function emitFollowUpChanged(
  tx: Tx,
  question: EventQuestion,
  followUp: EventFollowUp,
): Promise<void> {
  const shown = !question.hiddenAt && !followUp.hiddenAt;
  const home = !shown && question.lectureId ? await findLecture(tx, question.lectureId) : null;
  const reader = shown ? question.askerId : hiddenReader(question, followUp);
  await emit(tx, {
    payload: {
      type: 'followup.changed',
      videoId: question.videoId,
      questionId: question.id,
      followUpId: followUp.id,
    },
    audience: home
      ? audienceOfLectures('admins', [home], reader)
      : await videoAudience(tx, question.videoId, shown ? 'members' : 'admins', reader),
  });
}
