import { and, asc, eq, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { courses, lectures, questions, studentAnswers, users } from '../../../db/schema';
import { LECTURE_COLUMNS, lectureAllowsSql, sqlReaderOfStanding } from '../../access/public';

export type StudentAnswerRecord = typeof studentAnswers.$inferSelect;

/** The new answer, or null when its author has one for this question already. */
export async function insertStudentAnswer(
  tx: DbOrTx,
  values: typeof studentAnswers.$inferInsert,
): Promise<StudentAnswerRecord | null> {
  const [row] = await tx.insert(studentAnswers).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function findStudentAnswer(db: DbOrTx, id: string): Promise<StudentAnswerRecord | null> {
  const [row] = await db.select().from(studentAnswers).where(eq(studentAnswers.id, id)).limit(1);
  return row ?? null;
}

/** A question's student answers, oldest first, with their authors' names. */
export const studentAnswersOf = (db: DbOrTx, questionId: string) =>
  db
    .select({ answer: studentAnswers, authorName: users.name })
    .from(studentAnswers)
    .innerJoin(users, eq(users.id, studentAnswers.authorId))
    .where(eq(studentAnswers.questionId, questionId))
    .orderBy(asc(studentAnswers.createdAt), asc(studentAnswers.id));

/** The question's endorsed answer other than `exceptId`, if any (a question has at most one). */
export async function otherEndorsed(db: DbOrTx, questionId: string, exceptId: string) {
  const [row] = await db
    .select({ id: studentAnswers.id })
    .from(studentAnswers)
    .where(
      and(
        eq(studentAnswers.questionId, questionId),
        ne(studentAnswers.id, exceptId),
        isNotNull(studentAnswers.endorsedAt),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function updateStudentAnswer(
  tx: DbOrTx,
  id: string,
  values: Partial<typeof studentAnswers.$inferInsert>,
): Promise<void> {
  await tx.update(studentAnswers).set(values).where(eq(studentAnswers.id, id));
}

export async function deleteStudentAnswer(tx: DbOrTx, id: string): Promise<void> {
  await tx.delete(studentAnswers).where(eq(studentAnswers.id, id));
}

/**
 * Questions on the video still waiting for an answer, asked by others in released lectures the caller is
 * a student of (by course or by the lecture alone), whose course lets students answer; at most 100,
 * in the order of the video.
 */
export const openQuestionsFor = (db: DbOrTx, videoId: string, userId: string, now: Date) =>
  db
    .select({
      id: questions.id,
      question: questions.question,
      timeAsked: questions.timeAsked,
      timePosted: questions.timePosted,
    })
    .from(questions)
    .innerJoin(lectures, eq(lectures.id, questions.lectureId))
    .innerJoin(courses, and(eq(courses.id, lectures.courseId), eq(courses.studentsAnswer, true)))
    .where(
      and(
        eq(questions.videoId, videoId),
        isNull(questions.responseId),
        or(isNull(questions.askerId), ne(questions.askerId, userId)),
        sql`(${lectures.courseId} in (select course_id from course_members where user_id = ${userId})
          or ${lectures.id} in (select lecture_id from lecture_members where user_id = ${userId}))`,
        lectureAllowsSql(
          'attends',
          sqlReaderOfStanding({ administers: false, member: true }),
          LECTURE_COLUMNS,
          now,
        ),
      ),
    )
    .orderBy(asc(questions.timeAsked), asc(questions.timePosted))
    .limit(100);
