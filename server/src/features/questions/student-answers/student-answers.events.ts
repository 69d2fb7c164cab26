import type { Tx } from '../../../db/client';
import { audienceOfLectures } from '../../../events/domain-event';
import { emit } from '../../../events/outbox';
import type { LectureRow } from '../../access/public';
import type { QuestionRecord } from '../questions.repository';
import type { StudentAnswerRecord } from './student-answers.repository';

/**
 * A student answer under `question` was posted, edited, endorsed, hidden or deleted: those who may read it
 * in GET /api/questions/:id/student-answers hear of it. Shown, the members of the lecture it was asked in
 * (its course's admins, its students once released, the asker); hidden (issue 24, flags), its author and
 * the course's admins alone. Hiding or restoring it is announced as shown (`hiddenAt: null`), so that the
 * classmates' lists drop or regain it.
 */
export async function emitStudentAnswerChanged(
  tx: Tx,
  question: Pick<QuestionRecord, 'id' | 'videoId' | 'askerId'>,
  home: LectureRow,
  answer: Pick<StudentAnswerRecord, 'id' | 'hiddenAt'> & { authorId?: string },
): Promise<void> {
  await emit(tx, {
    payload: {
      type: 'studentanswer.changed',
      videoId: question.videoId,
      questionId: question.id,
      studentAnswerId: answer.id,
    },
    audience:
      answer.hiddenAt === null
        ? audienceOfLectures('members', [home], question.askerId)
        : audienceOfLectures('admins', [home], answer.authorId ?? null),
  });
}
