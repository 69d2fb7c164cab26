import { and, eq, gt, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { publishNotice } from '../../events/notices';

export interface SessionUser {
  sessionId: string;
  user: { id: string; name: string; email: string };
  lastUsedAt: Date;
  createdAt: Date;
  expiresAt: Date;
}

export async function insertSession(
  db: DbOrTx,
  values: { userId: string; tokenHash: string; now: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(sessions).values({
    userId: values.userId,
    tokenHash: values.tokenHash,
    createdAt: values.now,
    lastUsedAt: values.now,
    expiresAt: values.expiresAt,
  });
}

export async function findLiveSession(db: DbOrTx, tokenHash: string, now: Date): Promise<SessionUser | null> {
  const [row] = await db
    .select({
      sessionId: sessions.id,
      lastUsedAt: sessions.lastUsedAt,
      createdAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
      user: { id: users.id, name: users.name, email: users.email },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)))
    .limit(1);
  return row ?? null;
}

export async function touchSession(db: DbOrTx, sessionId: string, now: Date, expiresAt: Date): Promise<void> {
  await db.update(sessions).set({ lastUsedAt: now, expiresAt }).where(eq(sessions.id, sessionId));
}

// Every instance ends the revoked sessions' event streams as soon as the deletion commits.

export async function deleteSession(db: DbOrTx, sessionId: string): Promise<void> {
  const [gone] = await db
    .delete(sessions)
    .where(eq(sessions.id, sessionId))
    .returning({ userId: sessions.userId });
  if (gone) await publishNotice(db, { kind: 'sessions.ended', userId: gone.userId, sessionId });
}

/** Revokes every session of a user except, optionally, the one in use. */
export async function deleteUserSessions(db: DbOrTx, userId: string, keepSessionId?: string): Promise<void> {
  await db
    .delete(sessions)
    .where(
      keepSessionId
        ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId))
        : eq(sessions.userId, userId),
    );
  await publishNotice(db, { kind: 'sessions.ended', userId, exceptSessionId: keepSessionId });
}
