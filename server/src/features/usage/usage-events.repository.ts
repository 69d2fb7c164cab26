import type { DbOrTx } from '../../db/client';
import { usageEvents } from '../../db/schema';

export type NewUsageEvent = typeof usageEvents.$inferInsert;

export async function insertUsageEvent(db: DbOrTx, event: NewUsageEvent): Promise<void> {
  await db.insert(usageEvents).values(event);
}
