import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { ltiContexts } from '../../db/schema';

/** The Lectern course an LMS course (a platform's context) is linked to, or null. */
export async function linkedCourseOf(
  db: DbOrTx,
  platformId: string,
  contextId: string,
): Promise<string | null> {
  const [row] = await db
    .select({ courseId: ltiContexts.courseId })
    .from(ltiContexts)
    .where(and(eq(ltiContexts.platformId, platformId), eq(ltiContexts.contextId, contextId)));
  return row?.courseId ?? null;
}

/** Links the LMS course to a Lectern course; a context is linked once (its primary key). */
export async function linkContext(db: DbOrTx, platformId: string, contextId: string, courseId: string) {
  await db.insert(ltiContexts).values({ platformId, contextId, courseId });
}
