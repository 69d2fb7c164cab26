import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { suggestionAcceptances } from '../../db/schema';
import type { MatchScope } from './matcher';

/** True when the question is an answered one of the scope: one that could have been suggested. */
export async function isSuggestible(db: DbOrTx, scope: MatchScope, questionId: string): Promise<boolean> {
  const found = (await db.execute(sql`
    select 1 from questions where id = ${questionId} and response_id is not null
      and video_id in (${scope.videoIds}) and ${scope.listed}`)) as unknown as { rows: unknown[] };
  return found.rows.length > 0;
}

/** Counts "This answers my question", once per student and question. */
export async function recordAcceptance(db: DbOrTx, questionId: string, userId: string, at: Date) {
  await db.insert(suggestionAcceptances).values({ questionId, userId, acceptedAt: at }).onConflictDoNothing();
}
