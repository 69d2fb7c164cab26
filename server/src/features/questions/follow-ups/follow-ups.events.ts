import type { Tx } from '../../../db/client';
import { audienceOfLectures } from '../../../events/domain-event';
import { emit } from '../../../events/outbox';
import { findLecture, memberReader, postAllows, questionAllows, videoAudience } from '../../access/public';
import type { QuestionRecord } from '../questions.repository';
import type { FollowUpRecord } from './follow-ups.repository';

type EventQuestion = Pick<
  QuestionRecord,
  'id' | 'videoId' | 'askerId' | 'lectureId' | 'hiddenAt' | 'responseId'
>;
type EventFollowUp = Pick<FollowUpRecord, 'id' | 'authorId' | 'hiddenAt'>;

/**
 * The one reader besides the home course's admins of a follow-up that is hidden, or under a hidden
 * question (issue 24, flags): its asker or its author, whichever the policy lets read both the question and
 * the follow-up (a hidden question is its asker's, a hidden follow-up its author's), or no one.
 */
function hiddenReader(question: EventQuestion, followUp: EventFollowUp): string | null {
  const reads = (userId: string) => {
    const reader = memberReader(userId);
    return questionAllows(reader, { ...question, homeCourseId: null }) && postAllows(reader, followUp);
  };
  return [question.askerId, followUp.authorId].find((id) => id !== null && reads(id)) ?? null;
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
