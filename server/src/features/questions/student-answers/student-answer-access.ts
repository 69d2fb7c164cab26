import type { DbOrTx } from '../../../db/client';
import { forbidden, notFound } from '../../../lib/errors';
import type { AuthUser } from '../../../plugins/auth';
import { findLecture, lectureAllows, lectureRole, standingOfRole } from '../../access/public';
import { findQuestion } from '../questions.repository';

/**
 * Who reads a question's student answers (issue 24): the members of the lecture it was asked in (its
 * course's admins, its students once released) and its asker. The question, that lecture and the
 * caller's standing there; 403 for a non-member, 404 when the lecture is not open to them. Flags read a
 * student answer through this too (flags/post-kinds.ts).
 */
export async function readStudentAnswers(db: DbOrTx, caller: AuthUser, questionId: string, now: Date) {
  const question = await findQuestion(db, questionId);
  const home = question?.lectureId ? await findLecture(db, question.lectureId) : null;
  if (!question || !home) throw notFound('Question not found');
  const role = await lectureRole(db, caller, home);
  const asker = question.askerId === caller.id;
  if (role === 'none' && !asker) throw forbidden('Join this course first');
  const standing = standingOfRole(role);
  if (
    !lectureAllows('attends', standing, home, now) &&
    !(asker && lectureAllows('sees', standing, home, now))
  )
    throw notFound('Question not found');
  return { question, home, role, asker };
}

/** A hidden student answer is listed for its author and the course's admins only. */
export const listsStudentAnswer = (
  caller: AuthUser,
  admin: boolean,
  answer: { authorId: string; hiddenAt: Date | null },
) => admin || answer.hiddenAt === null || answer.authorId === caller.id;
