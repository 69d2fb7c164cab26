import { and, asc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { courseAdmins, followUps, lectures, questions, responses, users } from '../../../db/schema';

export type FollowUpRecord = typeof followUps.$inferSelect;

export async function insertFollowUp(tx: DbOrTx, values: typeof followUps.$inferInsert) {
  const [row] = await tx.insert(followUps).values(values).returning();
  return row!;
}

export async function findFollowUp(db: DbOrTx, id: string): Promise<FollowUpRecord | null> {
  const [row] = await db.select().from(followUps).where(eq(followUps.id, id)).limit(1);
  return row ?? null;
}

/** A follow-up's answer video as its DTO is made of: the response, its state and file. */
export interface AnswerVideoRow {
  id: string;
  status: string;
  mediaSha256: string | null;
  failureReason: string | null;
}

const answerVideoColumns = {
  id: responses.id,
  status: responses.status,
  mediaSha256: responses.mediaSha256,
  failureReason: responses.failureReason,
};

/** A question's follow-ups, oldest first, with their authors' names and their answer videos. */
export const followUpsOf = (db: DbOrTx, questionId: string) =>
  db
    .select({ followUp: followUps, authorName: users.name, video: answerVideoColumns })
    .from(followUps)
    .leftJoin(users, eq(users.id, followUps.authorId))
    .leftJoin(responses, eq(responses.id, followUps.answerResponseId))
    .where(eq(followUps.questionId, questionId))
    .orderBy(asc(followUps.createdAt), asc(followUps.id));

export async function answerVideoOf(db: DbOrTx, responseId: string | null): Promise<AnswerVideoRow | null> {
  if (responseId === null) return null;
  const [row] = await db.select(answerVideoColumns).from(responses).where(eq(responses.id, responseId));
  return row ?? null;
}

export async function answerFollowUp(
  tx: DbOrTx,
  id: string,
  answer: { answer: string; answerHtml: string; answererId: string; answeredAt: Date },
): Promise<void> {
  await tx.update(followUps).set(answer).where(eq(followUps.id, id));
}

export async function deleteFollowUp(tx: DbOrTx, id: string): Promise<void> {
  await tx.delete(followUps).where(eq(followUps.id, id));
}

/** Unanswered follow-ups under questions asked in courses `adminId` administers, oldest first. */
export const waitingFollowUps = (db: DbOrTx, adminId: string, limit: number) =>
  db
    .select({ followUp: followUps, question: questions.question, authorName: users.name })
    .from(followUps)
    .innerJoin(questions, eq(questions.id, followUps.questionId))
    .innerJoin(lectures, eq(lectures.id, questions.lectureId))
    .innerJoin(
      courseAdmins,
      and(eq(courseAdmins.courseId, lectures.courseId), eq(courseAdmins.userId, adminId)),
    )
    .leftJoin(users, eq(users.id, followUps.authorId))
    .where(isNull(followUps.answeredAt))
    .orderBy(asc(followUps.createdAt), asc(followUps.id))
    .limit(limit);
