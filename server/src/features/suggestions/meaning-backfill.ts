import { and, asc, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { questions } from '../../db/schema';
import { sentenceEncoderProblem, sentenceMeanings } from './sentence-meaning';

// Answered questions without a kept meaning (questions.meaning): those written before the sentence
// encoder came (migration 0035), or while it could not load. Only answered questions are ever candidates;
// a waiting one is encoded when it is matched. The job runs at start and hourly on one instance, a few
// questions at a time: each batch takes the encoder's thread for ~0.1 s, and requests' texts wait their turn
// behind it no longer than that.

export const MEANING_BACKFILL_JOB = 'suggestions.meaning-backfill';
export const MEANING_BACKFILL_EVERY_MS = 60 * 60_000;
const BATCH = 16;

/** Fills in the meaning of every answered question lacking one; returns how many it filled. */
export async function backfillMeanings(db: DbOrTx, signal?: AbortSignal): Promise<number> {
  let filled = 0;
  let after = '00000000-0000-0000-0000-000000000000';
  while (!signal?.aborted) {
    const rows = await db
      .select({ id: questions.id, question: questions.question })
      .from(questions)
      .where(and(isNull(questions.meaning), isNotNull(questions.responseId), gt(questions.id, after)))
      .orderBy(asc(questions.id))
      .limit(BATCH);
    if (rows.length === 0) break;
    const meanings = await sentenceMeanings(rows.map((r) => r.question));
    if (sentenceEncoderProblem() !== null) break;
    for (const [i, row] of rows.entries()) {
      const meaning = meanings[i];
      if (!meaning) continue;
      // Not over a newer text's meaning: an edit in the meantime wrote its own.
      const written = await db
        .update(questions)
        .set({ meaning })
        .where(and(eq(questions.id, row.id), eq(questions.question, row.question), isNull(questions.meaning)))
        .returning({ id: questions.id });
      filled += written.length;
    }
    after = rows.at(-1)!.id;
    await new Promise((resolve) => setImmediate(resolve));
  }
  return filled;
}
