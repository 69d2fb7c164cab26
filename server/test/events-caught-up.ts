import type { FastifyInstance } from 'fastify';
import { latestEventId } from '../src/events/outbox';

/** Far above any wait seen: the transactions a gap waits for are other tests' short requests. */
const CEILING_MS = 60_000;
const RETRY_MS = 10;

/**
 * Reads events on `app` until it has dispatched every event committed before the call. One read is not
 * enough on PostgreSQL: it stops at a missing id while any transaction on the server is running that may
 * still commit it (events/commit-order.ts), another test database's transactions included.
 */
export async function eventsCaughtUp(app: FastifyInstance): Promise<void> {
  const { events, db } = app.deps;
  const { id: newest } = await latestEventId(db);
  const until = Date.now() + CEILING_MS;
  for (;;) {
    await events.pump();
    if (events.lastId() >= newest) return;
    if (Date.now() > until) {
      throw new Error(`events stopped at id ${events.lastId()}, before the newest committed id ${newest}`);
    }
    await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
  }
}
