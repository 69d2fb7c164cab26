import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { mediaProcessing, videos } from '../../../db/schema';
import type { VideoRow } from '../../../db/schema';

// Rows of uploads being converted (db/schema/processing.ts). Drizzle only.

export type ProcessingRow = typeof mediaProcessing.$inferSelect;

/** A lecture video waiting for processing: its row (status processing) and its processing entry. */
export async function insertPendingVideo(
  tx: DbOrTx,
  processingId: string,
  lectureId: string,
  title: string,
  uploaderId: string,
): Promise<VideoRow> {
  const [video] = await tx
    .insert(videos)
    .values({ title, sourceType: 'localFile', status: 'processing', progress: null, uploaderId })
    .returning();
  await tx.insert(mediaProcessing).values({ id: processingId, videoId: video!.id, lectureId });
  return video!;
}

export async function insertPendingResponse(
  tx: DbOrTx,
  processingId: string,
  responseId: string,
  questionId: string,
): Promise<void> {
  await tx.insert(mediaProcessing).values({ id: processingId, responseId, questionId });
}

/** The entry, locked until the transaction ends: finishing and deleting never interleave. */
export async function lockProcessing(tx: DbOrTx, id: string): Promise<ProcessingRow | null> {
  const [row] = await tx.select().from(mediaProcessing).where(eq(mediaProcessing.id, id)).for('update');
  return row ?? null;
}

export async function findProcessing(db: DbOrTx, id: string): Promise<ProcessingRow | null> {
  const [row] = await db.select().from(mediaProcessing).where(eq(mediaProcessing.id, id));
  return row ?? null;
}

export async function deleteProcessing(tx: DbOrTx, id: string): Promise<void> {
  await tx.delete(mediaProcessing).where(eq(mediaProcessing.id, id));
}

/** Entries whose conversion has not ended (after a restart they run again). */
export async function unfinishedProcessing(db: DbOrTx): Promise<ProcessingRow[]> {
  const rows = await db
    .select({ entry: mediaProcessing, status: videos.status })
    .from(mediaProcessing)
    .leftJoin(videos, eq(videos.id, mediaProcessing.videoId))
    .orderBy(asc(mediaProcessing.createdAt));
  return rows.filter((r) => r.status !== 'failed').map((r) => r.entry);
}

/** The processing and failed videos waiting to join a lecture, oldest first (its admins see them). */
export async function pendingVideosOf(
  db: DbOrTx,
  lectureIds: string[],
): Promise<(VideoRow & { lectureId: string })[]> {
  if (lectureIds.length === 0) return [];
  const rows = await db
    .select({ video: videos, lectureId: mediaProcessing.lectureId })
    .from(mediaProcessing)
    .innerJoin(videos, eq(videos.id, mediaProcessing.videoId))
    .where(and(inArray(mediaProcessing.lectureId, lectureIds), isNotNull(mediaProcessing.lectureId)))
    .orderBy(asc(mediaProcessing.createdAt));
  return rows.map((r) => ({ ...r.video, lectureId: r.lectureId! }));
}

/** The processing entry of a pending video in a lecture, if it is one. */
export async function pendingEntryOfVideo(
  db: DbOrTx,
  lectureId: string,
  videoId: string,
): Promise<ProcessingRow | null> {
  const [row] = await db
    .select()
    .from(mediaProcessing)
    .where(and(eq(mediaProcessing.lectureId, lectureId), eq(mediaProcessing.videoId, videoId)));
  return row ?? null;
}

export async function setVideoProgress(db: DbOrTx, videoId: string, progress: number): Promise<void> {
  await db
    .update(videos)
    .set({ progress })
    .where(and(eq(videos.id, videoId), eq(videos.status, 'processing')));
}

export async function setVideoFailed(db: DbOrTx, videoId: string, reason: string): Promise<void> {
  await db
    .update(videos)
    .set({ status: 'failed', failureReason: reason, progress: null })
    .where(eq(videos.id, videoId));
}
