import { and, gt, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { courseAdmins, courseMembers, lectureMembers, sessions } from '../../db/schema';

export interface Memberships {
  administered: Set<string>;
  joined: Set<string>;
  joinedLectures: Set<string>;
}

const emptyMemberships = (): Memberships => ({
  administered: new Set(),
  joined: new Set(),
  joinedLectures: new Set(),
});

/** Memberships of many users in three queries (every open stream is refreshed together). */
export async function membershipsOf(db: DbOrTx, userIds: string[]): Promise<Map<string, Memberships>> {
  const result = new Map(userIds.map((id) => [id, emptyMemberships()]));
  if (userIds.length === 0) return result;
  const [admins, members, lectures] = await Promise.all([
    db.select().from(courseAdmins).where(inArray(courseAdmins.userId, userIds)),
    db.select().from(courseMembers).where(inArray(courseMembers.userId, userIds)),
    db.select().from(lectureMembers).where(inArray(lectureMembers.userId, userIds)),
  ]);
  for (const row of admins) result.get(row.userId)?.administered.add(row.courseId);
  for (const row of members) result.get(row.userId)?.joined.add(row.courseId);
  for (const row of lectures) result.get(row.userId)?.joinedLectures.add(row.lectureId);
  return result;
}

/** When each of these sessions expires (epoch ms); those logged out, revoked or expired are absent. */
export async function sessionExpiries(
  db: DbOrTx,
  sessionIds: string[],
  now: Date,
): Promise<Map<string, number>> {
  if (sessionIds.length === 0) return new Map();
  const rows = await db
    .select({ id: sessions.id, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(and(inArray(sessions.id, sessionIds), gt(sessions.expiresAt, now)));
  return new Map(rows.map((r) => [r.id, r.expiresAt.getTime()]));
}
