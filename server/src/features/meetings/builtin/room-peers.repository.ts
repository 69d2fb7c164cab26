import type { RoomPeer, RoomRole } from '@lectern/shared';
import { and, asc, eq, gte, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { roomPeers } from '../../../db/schema';

const asPeer = {
  peerId: roomPeers.id,
  userId: roomPeers.userId,
  fullName: roomPeers.fullName,
  role: roomPeers.role,
};

/** The room's peers heard of since `since`, first joined first. */
export function livePeers(db: DbOrTx, questionId: string, since: Date): Promise<RoomPeer[]> {
  return db
    .select(asPeer)
    .from(roomPeers)
    .where(and(eq(roomPeers.questionId, questionId), gte(roomPeers.lastSeenAt, since)))
    .orderBy(asc(roomPeers.joinedAt), asc(roomPeers.id));
}

/** Forgets the room's peers unheard of since `before` (tabs closed without a word, lost networks). */
export async function deleteSilentPeers(db: DbOrTx, questionId: string, before: Date): Promise<void> {
  await db
    .delete(roomPeers)
    .where(and(eq(roomPeers.questionId, questionId), lt(roomPeers.lastSeenAt, before)));
}

export async function insertPeer(
  db: DbOrTx,
  peer: { questionId: string; userId: string; fullName: string; role: RoomRole; now: Date },
): Promise<RoomPeer> {
  const [row] = await db
    .insert(roomPeers)
    .values({
      questionId: peer.questionId,
      userId: peer.userId,
      fullName: peer.fullName,
      role: peer.role,
      joinedAt: peer.now,
      lastSeenAt: peer.now,
    })
    .returning(asPeer);
  return row!;
}

/** Forgets the user's peers in the room (one peer per user: a new join takes the place of the last). */
export async function deleteUserPeers(db: DbOrTx, questionId: string, userId: string): Promise<void> {
  await db.delete(roomPeers).where(and(eq(roomPeers.questionId, questionId), eq(roomPeers.userId, userId)));
}

/** The caller's own live peer in this room, or undefined. */
export async function findOwnPeer(
  db: DbOrTx,
  where: { peerId: string; questionId: string; userId: string; since: Date },
): Promise<RoomPeer | undefined> {
  const [row] = await db
    .select(asPeer)
    .from(roomPeers)
    .where(
      and(
        eq(roomPeers.id, where.peerId),
        eq(roomPeers.questionId, where.questionId),
        eq(roomPeers.userId, where.userId),
        gte(roomPeers.lastSeenAt, where.since),
      ),
    );
  return row;
}

export async function touchPeer(db: DbOrTx, peerId: string, now: Date): Promise<void> {
  await db.update(roomPeers).set({ lastSeenAt: now }).where(eq(roomPeers.id, peerId));
}

/** Removes the caller's own peer; true if there was one. */
export async function deleteOwnPeer(
  db: DbOrTx,
  where: { peerId: string; questionId: string; userId: string },
): Promise<boolean> {
  const rows = await db
    .delete(roomPeers)
    .where(
      and(
        eq(roomPeers.id, where.peerId),
        eq(roomPeers.questionId, where.questionId),
        eq(roomPeers.userId, where.userId),
      ),
    )
    .returning({ id: roomPeers.id });
  return rows.length > 0;
}

export async function deleteRoomPeers(db: DbOrTx, questionId: string): Promise<void> {
  await db.delete(roomPeers).where(eq(roomPeers.questionId, questionId));
}
