import type { RoomPeer, RoomRole } from '@lectern/shared';
import { and, asc, eq, gte, isNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { roomPeers } from '../../../db/schema';

const asPeer = {
  peerId: roomPeers.id,
  userId: roomPeers.userId,
  fullName: roomPeers.fullName,
  role: roomPeers.role,
};

/** A peer still in the room: it has not left, and was heard of since `since`. */
const present = (since: Date) => and(isNull(roomPeers.leftAt), gte(roomPeers.lastSeenAt, since));

/** The room's peers heard of since `since`, first joined first. */
export function livePeers(db: DbOrTx, questionId: string, since: Date): Promise<RoomPeer[]> {
  return db
    .select(asPeer)
    .from(roomPeers)
    .where(and(eq(roomPeers.questionId, questionId), present(since)))
    .orderBy(asc(roomPeers.joinedAt), asc(roomPeers.id));
}

/** Every peer of the room, those that left included, with when they came, were last heard of and left. */
export function peerVisits(db: DbOrTx, questionId: string) {
  return db
    .select({
      userId: roomPeers.userId,
      role: roomPeers.role,
      joinedAt: roomPeers.joinedAt,
      lastSeenAt: roomPeers.lastSeenAt,
      leftAt: roomPeers.leftAt,
    })
    .from(roomPeers)
    .where(eq(roomPeers.questionId, questionId))
    .orderBy(asc(roomPeers.joinedAt));
}
export type PeerVisit = Awaited<ReturnType<typeof peerVisits>>[number];

/**
 * Marks the peers unheard of since `before` as gone (tabs closed without a word, lost networks), in one
 * room or in all; they left when they were last heard of. Answers the rooms that changed.
 */
export async function markSilentPeersLeft(db: DbOrTx, before: Date, questionId?: string): Promise<string[]> {
  const rows = await db
    .update(roomPeers)
    .set({ leftAt: roomPeers.lastSeenAt })
    .where(
      and(
        isNull(roomPeers.leftAt),
        lt(roomPeers.lastSeenAt, before),
        questionId ? eq(roomPeers.questionId, questionId) : undefined,
      ),
    )
    .returning({ questionId: roomPeers.questionId });
  return [...new Set(rows.map((r) => r.questionId))];
}

export async function insertPeer(
  db: DbOrTx,
  peer: { questionId: string; userId: string; fullName: string; role: RoomRole; since: Date; now: Date },
): Promise<RoomPeer> {
  const [row] = await db
    .insert(roomPeers)
    .values({
      questionId: peer.questionId,
      userId: peer.userId,
      fullName: peer.fullName,
      role: peer.role,
      joinedAt: peer.since,
      lastSeenAt: peer.now,
    })
    .returning(asPeer);
  return row!;
}

/**
 * Forgets the user's peers in the room (one peer per user: a new join takes the place of the last).
 * Answers when the user came into the room, if they are in it still (a reload, a second tab): they have
 * been there since then, not since this join.
 */
export async function deleteUserPeers(
  db: DbOrTx,
  questionId: string,
  userId: string,
  since: Date,
): Promise<Date | undefined> {
  const rows = await db
    .delete(roomPeers)
    .where(and(eq(roomPeers.questionId, questionId), eq(roomPeers.userId, userId)))
    .returning({ joinedAt: roomPeers.joinedAt, leftAt: roomPeers.leftAt, lastSeenAt: roomPeers.lastSeenAt });
  const stayed = rows.filter((r) => r.leftAt === null && r.lastSeenAt >= since);
  return stayed.length > 0 ? new Date(Math.min(...stayed.map((r) => r.joinedAt.getTime()))) : undefined;
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
        present(where.since),
      ),
    );
  return row;
}

export async function touchPeer(db: DbOrTx, peerId: string, now: Date): Promise<void> {
  await db.update(roomPeers).set({ lastSeenAt: now }).where(eq(roomPeers.id, peerId));
}

/** The caller's own peer leaves the room now; true if it was still in it. */
export async function markOwnPeerLeft(
  db: DbOrTx,
  where: { peerId: string; questionId: string; userId: string; now: Date },
): Promise<boolean> {
  const rows = await db
    .update(roomPeers)
    .set({ leftAt: where.now })
    .where(
      and(
        eq(roomPeers.id, where.peerId),
        eq(roomPeers.questionId, where.questionId),
        eq(roomPeers.userId, where.userId),
        isNull(roomPeers.leftAt),
      ),
    )
    .returning({ id: roomPeers.id });
  return rows.length > 0;
}

export async function deleteRoomPeers(db: DbOrTx, questionId: string): Promise<void> {
  await db.delete(roomPeers).where(eq(roomPeers.questionId, questionId));
}
