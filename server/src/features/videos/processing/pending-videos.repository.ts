import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { mediaProcessing, videos } from '../../../db/schema';
import type { VideoRow } from '../../../db/schema';
import type { ProcessingRow } from '../../media/public';

// Lecture videos waiting for their conversion: their rows and their processing entries. Drizzle only.

/** A lecture video waiting for processing (status processing); media queues its conversion. */
export async function insertPendingVideo(tx: DbOrTx, title: string, uploaderId: string): Promise<VideoRow> {
  const [video] = await tx
    .insert(videos)
    .values({ title, sourceType: 'localFile', status: 'processing', progress: null, uploaderId })
    .returning();
  return video!;
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
