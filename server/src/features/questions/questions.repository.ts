import { and, eq, exists, isNotNull, not, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { courseAdmins, questionVotes, questions, responses, users } from '../../db/schema';

export type QuestionRecord = typeof questions.$inferSelect;

export async function findQuestion(db: DbOrTx, id: string): Promise<QuestionRecord | null> {
  const [row] = await db.select().from(questions).where(eq(questions.id, id)).limit(1);
  return row ?? null;
}

/** Locks the question row for the rest of the transaction (votes on one question go one at a time). */
export async function lockQuestion(tx: DbOrTx, id: string): Promise<QuestionRecord | null> {
  const [row] = await tx.select().from(questions).where(eq(questions.id, id)).for('update');
  return row ?? null;
}

export async function insertQuestion(
  db: DbOrTx,
  values: typeof questions.$inferInsert,
): Promise<QuestionRecord> {
  const [row] = await db.insert(questions).values(values).returning();
  return row!;
}

export async function updateQuestion(
  db: DbOrTx,
  id: string,
  values: Partial<typeof questions.$inferInsert>,
): Promise<void> {
  await db.update(questions).set(values).where(eq(questions.id, id));
}

export async function deleteQuestion(db: DbOrTx, id: string): Promise<void> {
  await db.delete(questions).where(eq(questions.id, id));
}

export async function findVote(
  tx: DbOrTx,
  questionId: string,
  userId: string,
): Promise<'UP' | 'DOWN' | null> {
  const [row] = await tx
    .select({ vote: questionVotes.vote })
    .from(questionVotes)
    .where(and(eq(questionVotes.questionId, questionId), eq(questionVotes.userId, userId)));
  return row?.vote ?? null;
}

/** Sets or removes one user's vote; the primary key keeps it to one row per user and question. */
export async function writeVote(
  tx: DbOrTx,
  questionId: string,
  userId: string,
  vote: 'UP' | 'DOWN' | null,
): Promise<void> {
  if (vote === null) {
    await tx
      .delete(questionVotes)
      .where(and(eq(questionVotes.questionId, questionId), eq(questionVotes.userId, userId)));
    return;
  }
  await tx
    .insert(questionVotes)
    .values({ questionId, userId, vote })
    .onConflictDoUpdate({ target: [questionVotes.questionId, questionVotes.userId], set: { vote } });
}

/** Admins of a course who want an e-mail for each new question, the asker excepted. */
export async function adminsToNotifyOfQuestion(db: DbOrTx, courseId: string, askerId: string) {
  return db
    .select({ email: users.email, name: users.name })
    .from(courseAdmins)
    .innerJoin(users, eq(users.id, courseAdmins.userId))
    .where(
      and(
        eq(courseAdmins.courseId, courseId),
        eq(users.receiveEmailsSubmittingQuestion, true),
        isNotNull(users.emailVerifiedAt), // an unproven address gets no mail (issue 12)
        sql`${users.id} <> ${askerId}`,
      ),
    );
}

export async function findUserContact(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ email: users.email, name: users.name, wantsAnswerMail: users.receiveEmailsAnsweredQuestion })
    .from(users)
    .where(and(eq(users.id, userId), isNotNull(users.emailVerifiedAt))); // unproven: no mail (issue 12)
  return row ?? null;
}

/** Deletes an answer video no question uses any more; returns its media sha256 for the media cleanup. */
export async function deleteResponseIfUnused(tx: DbOrTx, responseId: string): Promise<string | null> {
  const [gone] = await tx
    .delete(responses)
    .where(
      and(
        eq(responses.id, responseId),
        not(exists(tx.select().from(questions).where(eq(questions.responseId, responses.id)))),
      ),
    )
    .returning({ mediaSha256: responses.mediaSha256 });
  return gone?.mediaSha256 ?? null;
}

export async function insertResponse(
  tx: DbOrTx,
  values: typeof responses.$inferInsert,
): Promise<typeof responses.$inferSelect> {
  const [row] = await tx.insert(responses).values(values).returning();
  return row!;
}
