import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { counters } from '../../db/schema';
import type { Counters, WindowCount } from './counters';

// The counters table: one atomic `insert … on conflict … do update … returning` per hit, so concurrent
// hits from several instances never lose a count.

const toWindow = (row: { count: number; expiresAt: Date }): WindowCount => ({
  count: row.count,
  resetAt: row.expiresAt.getTime(),
});

export class PostgresCounters implements Counters {
  constructor(private readonly db: DbOrTx) {}

  async hit(key: string, windowMs: number, now: number): Promise<WindowCount> {
    const at = new Date(now);
    const ended = sql`${counters.expiresAt} <= ${at.toISOString()}::timestamptz`;
    const [row] = await this.db
      .insert(counters)
      .values({ key, count: 1, expiresAt: new Date(now + windowMs) })
      .onConflictDoUpdate({
        target: counters.key,
        set: {
          count: sql`case when ${ended} then 1 else ${counters.count} + 1 end`,
          expiresAt: sql`case when ${ended} then excluded.expires_at else ${counters.expiresAt} end`,
        },
      })
      .returning({ count: counters.count, expiresAt: counters.expiresAt });
    return toWindow(row!);
  }

  async peek(key: string, now: number): Promise<WindowCount | null> {
    const [row] = await this.db
      .select({ count: counters.count, expiresAt: counters.expiresAt })
      .from(counters)
      .where(and(eq(counters.key, key), gt(counters.expiresAt, new Date(now))));
    return row ? toWindow(row) : null;
  }

  async reset(...keys: string[]): Promise<void> {
    if (keys.length > 0) await this.db.delete(counters).where(inArray(counters.key, keys));
  }

  within(tx: DbOrTx): Counters {
    return new PostgresCounters(tx);
  }

  /** Deletes ended windows; returns how many. */
  async sweep(now: number): Promise<number> {
    const gone = await this.db
      .delete(counters)
      .where(lte(counters.expiresAt, new Date(now)))
      .returning({ key: counters.key });
    return gone.length;
  }
}
