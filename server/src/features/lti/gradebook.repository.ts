import { and, eq, inArray, isNotNull, lte, or, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  externalIdentities,
  lectureVideos,
  lectures,
  ltiContextMembers,
  ltiContexts,
  ltiGradebookLectures,
  ltiGradebookScores,
  ltiLineItems,
  ltiPlatforms,
} from '../../db/schema';

// The LMS gradebook's bookkeeping (AGS 2.0, issue 23): which lectures send progress, their line items per
// LMS course, and each student's sends (the debounce and the once-a-minute rule).

const theLecture = eq(ltiGradebookLectures.lectureId, lectures.id);
const theScore = (lectureId: string, userId: string) =>
  and(eq(ltiGradebookScores.lectureId, lectureId), eq(ltiGradebookScores.userId, userId));

export async function gradebookLecture(db: DbOrTx, lectureId: string) {
  const [row] = await db
    .select()
    .from(ltiGradebookLectures)
    .where(eq(ltiGradebookLectures.lectureId, lectureId));
  return row ?? null;
}

/** Turns sending on (true when it was off) or off. */
export async function setGradebookLecture(db: DbOrTx, lectureId: string, on: boolean): Promise<boolean> {
  if (!on) {
    await db.delete(ltiGradebookLectures).where(eq(ltiGradebookLectures.lectureId, lectureId));
    return false;
  }
  const made = await db
    .insert(ltiGradebookLectures)
    .values({ lectureId })
    .onConflictDoNothing()
    .returning({ lectureId: ltiGradebookLectures.lectureId });
  return made.length > 0;
}

export async function recordGradebookError(db: DbOrTx, lectureId: string, error: string | null) {
  await db
    .update(ltiGradebookLectures)
    .set({ lastError: error })
    .where(eq(ltiGradebookLectures.lectureId, lectureId));
}

/** The contexts linked to the course that offer their gradebook, with their platform's name. */
export async function gradebookContextsOfCourse(db: DbOrTx, courseId: string) {
  return db
    .select({
      platformId: ltiContexts.platformId,
      contextId: ltiContexts.contextId,
      lineItemsUrl: ltiContexts.lineItemsUrl,
      platformName: ltiPlatforms.name,
    })
    .from(ltiContexts)
    .innerJoin(ltiPlatforms, eq(ltiPlatforms.id, ltiContexts.platformId))
    .where(and(eq(ltiContexts.courseId, courseId), isNotNull(ltiContexts.lineItemsUrl)))
    .orderBy(ltiContexts.createdAt);
}

/** The lectures sending progress of the course the context is linked to. */
export async function gradebookLecturesOfContext(db: DbOrTx, platformId: string, contextId: string) {
  const rows = await db
    .select({ lectureId: ltiGradebookLectures.lectureId })
    .from(ltiGradebookLectures)
    .innerJoin(lectures, theLecture)
    .innerJoin(ltiContexts, eq(ltiContexts.courseId, lectures.courseId))
    .where(and(eq(ltiContexts.platformId, platformId), eq(ltiContexts.contextId, contextId)));
  return rows.map((r) => r.lectureId);
}

/** The lectures sending progress whose playlist holds the video. */
export async function gradebookLecturesHolding(db: DbOrTx, videoId: string): Promise<string[]> {
  const rows = await db
    .select({ lectureId: ltiGradebookLectures.lectureId })
    .from(ltiGradebookLectures)
    .innerJoin(lectureVideos, eq(lectureVideos.lectureId, ltiGradebookLectures.lectureId))
    .where(eq(lectureVideos.videoId, videoId));
  return rows.map((r) => r.lectureId);
}

export async function lineItemsOfLecture(db: DbOrTx, lectureId: string) {
  return db.select().from(ltiLineItems).where(eq(ltiLineItems.lectureId, lectureId));
}

export async function saveLineItem(db: DbOrTx, item: typeof ltiLineItems.$inferInsert) {
  await db.insert(ltiLineItems).values(item).onConflictDoNothing();
}

/**
 * Where the user's score for the lecture goes: each line item of the lecture in an LMS course that brought
 * the user in, with the platform and the user's id there (the `sub` of their launches).
 */
export async function scoreTargets(db: DbOrTx, lectureId: string, userId: string) {
  return db
    .select({
      lineItemUrl: ltiLineItems.url,
      platformId: ltiLineItems.platformId,
      lmsUserId: externalIdentities.subject,
    })
    .from(ltiLineItems)
    .innerJoin(
      ltiContextMembers,
      and(
        eq(ltiContextMembers.platformId, ltiLineItems.platformId),
        eq(ltiContextMembers.contextId, ltiLineItems.contextId),
        eq(ltiContextMembers.userId, userId),
      ),
    )
    .innerJoin(ltiPlatforms, eq(ltiPlatforms.id, ltiLineItems.platformId))
    .innerJoin(
      externalIdentities,
      and(eq(externalIdentities.issuer, ltiPlatforms.issuer), eq(externalIdentities.userId, userId)),
    )
    .where(eq(ltiLineItems.lectureId, lectureId));
}

/** The members LMS courses brought into the lecture's course, among `userIds`. */
export async function lmsMembersAmong(db: DbOrTx, lectureId: string, userIds: string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ userId: ltiContextMembers.userId })
    .from(ltiContextMembers)
    .innerJoin(
      ltiContexts,
      and(
        eq(ltiContexts.platformId, ltiContextMembers.platformId),
        eq(ltiContexts.contextId, ltiContextMembers.contextId),
      ),
    )
    .innerJoin(lectures, eq(lectures.courseId, ltiContexts.courseId))
    .where(and(eq(lectures.id, lectureId), inArray(ltiContextMembers.userId, userIds)));
  return rows.map((r) => r.userId);
}

/**
 * Marks a send of the user's score queued; the time of their last send when it was not queued already (the
 * caller then queues the job), null when one is queued (this progress will be in it: the debounce).
 */
export async function markQueued(
  db: DbOrTx,
  lectureId: string,
  userId: string,
): Promise<{ lastSentAt: Date | null } | null> {
  const [row] = await db
    .insert(ltiGradebookScores)
    .values({ lectureId, userId, queued: true })
    .onConflictDoUpdate({
      target: [ltiGradebookScores.lectureId, ltiGradebookScores.userId],
      set: { queued: true },
      setWhere: eq(ltiGradebookScores.queued, false),
    })
    .returning({ lastSentAt: ltiGradebookScores.lastSentAt });
  return row ?? null;
}

export async function unmarkQueued(db: DbOrTx, lectureId: string, userId: string) {
  await db.update(ltiGradebookScores).set({ queued: false }).where(theScore(lectureId, userId));
}

/**
 * Takes the send: when the last one began at or before `notAfter`, it is this one, begun `now`, no longer
 * queued, and the previous send's time is returned (to give back should it fail). Else null: the minute is
 * not over, and the last send's time says when it is.
 */
export async function claimSend(
  db: DbOrTx,
  lectureId: string,
  userId: string,
  now: Date,
  notAfter: Date,
): Promise<{ previous: Date | null } | { blockedSince: Date }> {
  const [before] = await db
    .select({ lastSentAt: ltiGradebookScores.lastSentAt })
    .from(ltiGradebookScores)
    .where(theScore(lectureId, userId));
  const [claimed] = await db
    .update(ltiGradebookScores)
    .set({ queued: false, lastSentAt: now })
    .where(
      and(
        theScore(lectureId, userId),
        or(isNull(ltiGradebookScores.lastSentAt), lte(ltiGradebookScores.lastSentAt, notAfter)),
      ),
    )
    .returning({ lectureId: ltiGradebookScores.lectureId });
  return claimed ? { previous: before?.lastSentAt ?? null } : { blockedSince: before?.lastSentAt ?? now };
}

/** After a send: what it carried, or (failed) the previous send's time back, so that a retry may go. */
export async function settleSend(
  db: DbOrTx,
  lectureId: string,
  userId: string,
  result: { percent: number } | { previous: Date | null },
) {
  await db
    .update(ltiGradebookScores)
    .set('percent' in result ? { lastPercent: result.percent } : { lastSentAt: result.previous })
    .where(theScore(lectureId, userId));
}
