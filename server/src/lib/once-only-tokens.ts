import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource, PgInsertValue } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import { hashToken, newToken } from './tokens';

/** A table of once-only tokens: only the token's sha256 is kept (`hash`), with its expiry and first use. */
type OnceOnlyTable = PgTable & { expiresAt: PgColumn; usedAt: PgColumn };

/**
 * A table of tokens each good once and for `ttlMs` (an LTI login's state, a launch's handover code, a campus
 * sign-on's state, a deep-linking picker): `create` makes a token and stores its row, sweeping expired rows;
 * `take` marks the token's row used and answers it, or null when the token is unknown, expired or used.
 * One UPDATE … RETURNING, so two takes of one token never both succeed.
 */
export function onceOnlyTokens<T extends OnceOnlyTable, H extends keyof T['$inferInsert'] & keyof T>(
  table: T,
  hashKey: H,
  ttlMs: number,
) {
  const hash = table[hashKey] as PgColumn;
  return {
    maxAgeSeconds: ttlMs / 1000,

    async create(
      db: DbOrTx,
      values: Omit<T['$inferInsert'], H | 'expiresAt' | 'usedAt'>,
      now: Date,
    ): Promise<string> {
      const token = newToken();
      await db.delete(table).where(lt(table.expiresAt, now));
      await db.insert(table).values({
        ...values,
        [hashKey]: hashToken(token),
        expiresAt: new Date(now.getTime() + ttlMs),
      } as PgInsertValue<T>);
      return token;
    },

    async take(db: DbOrTx, token: string, now: Date): Promise<T['$inferSelect'] | null> {
      const rows = (await db
        .update(table)
        .set({ usedAt: now } as PgUpdateSetSource<T>)
        .where(and(eq(hash, hashToken(token)), isNull(table.usedAt), gt(table.expiresAt, now)))
        .returning()) as T['$inferSelect'][];
      return rows[0] ?? null;
    },
  };
}
