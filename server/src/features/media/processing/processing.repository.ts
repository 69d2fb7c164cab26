import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { mediaProcessing } from '../../../db/schema';

// Rows of uploads being converted (db/schema/processing.ts). Drizzle only.

export type ProcessingRow = typeof mediaProcessing.$inferSelect;

/** What an entry turns into: a lecture video (placed in its lecture) or a question's answer. */
export type ProcessingOwner =
  | { videoId: string; lectureId: string }
  | { responseId: string; questionId: string }
  | { responseId: string; followUpId: string };

export async function insertProcessing(tx: DbOrTx, id: string, owner: ProcessingOwner): Promise<void> {
  await tx.insert(mediaProcessing).values({ id, ...owner });
}

/** The entry, locked until the transaction ends: finishing and deleting never interleave. */
export async function lockProcessing(tx: DbOrTx, id: string): Promise<ProcessingRow | null> {
  const [row] = await tx.select().from(mediaProcessing).where(eq(mediaProcessing.id, id)).for('update');
  return row ?? null;
}

export async function findProcessing(db: DbOrTx, id: string): Promise<ProcessingRow | null> {
  const [row] = await db.select().from(mediaProcessing).where(eq(mediaProcessing.id, id));
  return row ?? null;
}

export async function deleteProcessing(tx: DbOrTx, id: string): Promise<void> {
  await tx.delete(mediaProcessing).where(eq(mediaProcessing.id, id));
}
