import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { questions, responses } from '../../../db/schema';

export type ResponseRecord = typeof responses.$inferSelect;

export async function findResponse(db: DbOrTx, id: string): Promise<ResponseRecord | null> {
  const [row] = await db.select().from(responses).where(eq(responses.id, id)).limit(1);
  return row ?? null;
}

/** Sets the answer's text; `editedAt` null when it is written the first time. */
export async function writeResponseText(
  tx: DbOrTx,
  id: string,
  text: { text: string; textHtml: string; textEditedAt: Date | null },
): Promise<void> {
  await tx.update(responses).set(text).where(eq(responses.id, id));
}

export const questionsAnsweredBy = (db: DbOrTx, responseId: string) =>
  db.select().from(questions).where(eq(questions.responseId, responseId));
