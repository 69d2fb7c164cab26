import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../lib/errors';
import type { Tx } from './client';
import { idempotentWrites } from './schema';

// An `Idempotency-Key` header (IETF httpapi draft) makes a retried write safe: see idempotentWrites.

const HEADER = 'idempotency-key';
/** Printable ASCII without spaces, as the clients we make send (a UUID); long enough for any scheme. */
const VALID_KEY = /^[\x21-\x7e]{1,255}$/;
const KEPT = sql`interval '1 day'`;

/** The request's key, undefined without one; 400 for a malformed one. */
export function idempotencyKey(req: FastifyRequest): string | undefined {
  const key = req.headers[HEADER];
  if (key === undefined) return undefined;
  if (typeof key !== 'string' || !VALID_KEY.test(key)) {
    throw badRequest('Idempotency-Key must be 1 to 255 visible ASCII characters');
  }
  return key;
}

export interface WriteClaim {
  userId: string;
  scope: string;
  key: string | undefined;
}

/**
 * Runs `write` in `tx` once per key: the first call stores its answer with the transaction; a later call
 * with the key answers the stored one without writing. A concurrent call waits on the first one's row
 * (the primary key) until that transaction ends, then replays its answer, or runs if it rolled back.
 */
export async function idempotentWrite<T>(tx: Tx, claim: WriteClaim, write: () => Promise<T>): Promise<T> {
  const { userId, scope, key } = claim;
  if (key === undefined) return write();
  const mine = and(eq(idempotentWrites.userId, userId), eq(idempotentWrites.scope, scope));
  await tx.delete(idempotentWrites).where(and(mine, lt(idempotentWrites.createdAt, sql`now() - ${KEPT}`)));
  const claimed = await tx
    .insert(idempotentWrites)
    .values({ userId, scope, key, answer: {} })
    .onConflictDoNothing()
    .returning({ key: idempotentWrites.key });
  if (!claimed.length) {
    const [earlier] = await tx
      .select({ answer: idempotentWrites.answer })
      .from(idempotentWrites)
      .where(and(mine, eq(idempotentWrites.key, key)));
    return earlier!.answer as T;
  }
  const answer = await write();
  await tx
    .update(idempotentWrites)
    .set({ answer: answer as object })
    .where(and(mine, eq(idempotentWrites.key, key)));
  return answer;
}
