import type { Tx } from '../../../db/client';
import { audienceOfLectures } from '../../../events/domain-event';
import { emit } from '../../../events/outbox';
import type { LectureRow } from '../../access/public';
import type { QuestionRecord } from '../questions.repository';

/**
 * A student answer under `question` was posted, edited, endorsed or deleted: the members of the lecture
 * it was asked in hear of it (its course's admins, its students once released, the asker), who are those
 * GET /api/questions/:id/student-answers answers.
 */
export async function emitStudentAnswerChanged(
  tx: Tx,
  question: Pick<QuestionRecord, 'id' | 'videoId' | 'askerId'>,
  home: LectureRow,
  studentAnswerId: string,
): Promise<void> {
  await emit(tx, {
    payload: {
      type: 'studentanswer.changed',
      videoId: question.videoId,
      questionId: question.id,
      studentAnswerId,
    },
    audience: audienceOfLectures('members', [home], question.askerId),
  });
}
