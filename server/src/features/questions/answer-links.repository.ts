import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { answerLinks, questions } from '../../db/schema';
import type { QuestionRecord } from './questions.repository';

// Answers reused across questions (issue 24): which question an answer was recorded for, and which
// questions borrow it (db/schema/answer-links.ts).

/** Records that `questionId` now borrows `responseId` from `sourceQuestionId` (a new link replaces an old one). */
export async function insertAnswerLink(
  tx: DbOrTx,
  values: {
    questionId: string;
    responseId: string;
    sourceQuestionId: string;
    linkedBy: string;
    linkedAt: Date;
  },
): Promise<void> {
  // A question linked before, then answered otherwise and waiting again, keeps one row: the latest link.
  const { questionId: _question, ...link } = values;
  await tx
    .insert(answerLinks)
    .values(values)
    .onConflictDoUpdate({ target: answerLinks.questionId, set: link });
}

/**
 * The question an answered question's answer was recorded for: the source of its link when it borrows
 * its current answer, else itself. A borrowed answer lent again still belongs to the first question.
 */
export async function answerOwnerOf(tx: DbOrTx, question: QuestionRecord): Promise<string> {
  if (question.responseId === null) return question.id;
  const [link] = await tx
    .select({ source: answerLinks.sourceQuestionId })
    .from(answerLinks)
    .where(and(eq(answerLinks.questionId, question.id), eq(answerLinks.responseId, question.responseId)));
  return link?.source ?? question.id;
}

/** The questions that still answer with `responseId` borrowed from `sourceQuestionId`, locked. */
export async function borrowersOf(
  tx: DbOrTx,
  sourceQuestionId: string,
  responseId: string,
): Promise<QuestionRecord[]> {
  return tx
    .select()
    .from(questions)
    .where(
      and(
        eq(questions.responseId, responseId),
        sql`${questions.id} in (select ${answerLinks.questionId} from ${answerLinks}
              where ${answerLinks.sourceQuestionId} = ${sourceQuestionId}
                and ${answerLinks.responseId} = ${responseId})`,
      ),
    )
    .for('update');
}

export async function deleteAnswerLinks(tx: DbOrTx, questionIds: string[]): Promise<void> {
  if (questionIds.length === 0) return;
  await tx.delete(answerLinks).where(inArray(answerLinks.questionId, questionIds));
}

/** For each question, a course holding its video that `userId` administers: its home course first. */
export async function administeredCourseNames(
  db: DbOrTx,
  questionIds: string[],
  userId: string,
): Promise<Map<string, string>> {
  if (questionIds.length === 0) return new Map();
  const found = (await db.execute(sql`
    select q.id, (select c.name from lecture_videos lv
                    join lectures l on l.id = lv.lecture_id
                    join courses c on c.id = l.course_id
                    join course_admins ca on ca.course_id = c.id and ca.user_id = ${userId}
                  where lv.video_id = q.video_id
                  order by (l.id is not distinct from q.lecture_id) desc, l.lecture_date desc
                  limit 1) as name
    from questions q where q.id in (${sql.join(
      questionIds.map((id) => sql`${id}`),
      sql`, `,
    )})`)) as unknown as { rows: { id: string; name: string | null }[] };
  return new Map(found.rows.map((row) => [row.id, row.name ?? '']));
}
