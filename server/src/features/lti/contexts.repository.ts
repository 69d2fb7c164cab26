import { and, eq, inArray, isNotNull, lt, notInArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { ltiContextMembers, ltiContexts } from '../../db/schema';

export type ContextRow = typeof ltiContexts.$inferSelect;

const theContext = (platformId: string, contextId: string) =>
  and(eq(ltiContexts.platformId, platformId), eq(ltiContexts.contextId, contextId));
const membersOf = (platformId: string, contextId: string) =>
  and(eq(ltiContextMembers.platformId, platformId), eq(ltiContextMembers.contextId, contextId));

/** The Lectern course an LMS course (a platform's context) is linked to, or null. */
export async function linkedCourseOf(
  db: DbOrTx,
  platformId: string,
  contextId: string,
): Promise<string | null> {
  const [row] = await db
    .select({ courseId: ltiContexts.courseId })
    .from(ltiContexts)
    .where(theContext(platformId, contextId));
  return row?.courseId ?? null;
}

/** Links the LMS course to a Lectern course; a context is linked once (its primary key). */
export async function linkContext(db: DbOrTx, platformId: string, contextId: string, courseId: string) {
  await db.insert(ltiContexts).values({ platformId, contextId, courseId });
}

export async function findContext(
  db: DbOrTx,
  platformId: string,
  contextId: string,
): Promise<ContextRow | null> {
  const [row] = await db.select().from(ltiContexts).where(theContext(platformId, contextId));
  return row ?? null;
}

/** The contexts linked to a Lectern course (an LMS course copied into another links to the same one). */
export async function contextsOfCourse(db: DbOrTx, courseId: string): Promise<ContextRow[]> {
  return db
    .select()
    .from(ltiContexts)
    .where(eq(ltiContexts.courseId, courseId))
    .orderBy(ltiContexts.createdAt);
}

/**
 * Keeps the service URLs the latest launch named (platforms may move them): the NRPS membership URL, the
 * AGS line items container and its scopes. What the launch does not name is left as it was.
 */
export async function setServices(
  db: DbOrTx,
  platformId: string,
  contextId: string,
  services: { membershipsUrl?: string; lineItemsUrl?: string; agsScopes?: string[] },
) {
  if (Object.values(services).every((v) => v === undefined)) return;
  await db.update(ltiContexts).set(services).where(theContext(platformId, contextId));
}

export async function recordSync(
  db: DbOrTx,
  platformId: string,
  contextId: string,
  result: { at: Date; members: number | null; error: string | null },
) {
  await db
    .update(ltiContexts)
    .set({ lastSyncAt: result.at, lastSyncMembers: result.members, lastSyncError: result.error })
    .where(theContext(platformId, contextId));
}

/** Records that the LMS course brought these accounts into its Lectern course: how many it had not before. */
export async function addContextMembers(
  db: DbOrTx,
  platformId: string,
  contextId: string,
  userIds: string[],
): Promise<number> {
  if (userIds.length === 0) return 0;
  const added = await db
    .insert(ltiContextMembers)
    .values(userIds.map((userId) => ({ platformId, contextId, userId })))
    .onConflictDoNothing()
    .returning({ userId: ltiContextMembers.userId });
  return added.length;
}

/** The accounts the LMS course brought in that are not among `keep`. */
export async function contextMembersNotIn(
  db: DbOrTx,
  platformId: string,
  contextId: string,
  keep: string[],
): Promise<string[]> {
  const rows = await db
    .select({ userId: ltiContextMembers.userId })
    .from(ltiContextMembers)
    .where(
      and(
        membersOf(platformId, contextId),
        keep.length > 0 ? notInArray(ltiContextMembers.userId, keep) : undefined,
      ),
    );
  return rows.map((r) => r.userId);
}

export async function removeContextMembers(
  db: DbOrTx,
  platformId: string,
  contextId: string,
  userIds: string[],
) {
  if (userIds.length === 0) return;
  await db
    .delete(ltiContextMembers)
    .where(and(membersOf(platformId, contextId), inArray(ltiContextMembers.userId, userIds)));
}

/** The contexts with a membership URL whose last roster sync ended before `before` (the daily sync's due). */
export async function contextsSyncedBefore(db: DbOrTx, before: Date) {
  return db
    .select({ platformId: ltiContexts.platformId, contextId: ltiContexts.contextId })
    .from(ltiContexts)
    .where(and(isNotNull(ltiContexts.membershipsUrl), lt(ltiContexts.lastSyncAt, before)));
}
