import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type VideoRow, courses, lectureVideos, lectures, videos } from '../../db/schema';
import type { LectureRow } from '../access/public';

export type LectureInsert = Omit<typeof lectures.$inferInsert, 'id' | 'createdAt'>;
export type LectureDates = Pick<
  LectureRow,
  'lectureDate' | 'lectureDateAvailable' | 'lectureDateStart' | 'lectureDateEnd'
>;

export async function insertLecture(db: DbOrTx, values: LectureInsert): Promise<LectureRow> {
  const [row] = await db.insert(lectures).values(values).returning();
  return row!;
}

export async function updateLecture(
  db: DbOrTx,
  id: string,
  values: Pick<LectureRow, 'title' | 'topic'> & LectureDates,
): Promise<LectureRow> {
  const [row] = await db.update(lectures).set(values).where(eq(lectures.id, id)).returning();
  return row!;
}

export async function deleteLectureRow(db: DbOrTx, id: string): Promise<void> {
  await db.delete(lectures).where(eq(lectures.id, id));
}

/** The lectures of a course, by lecture date (SPEC §2 Course page). */
export async function lecturesOfCourse(db: DbOrTx, courseId: string): Promise<LectureRow[]> {
  return db
    .select()
    .from(lectures)
    .where(eq(lectures.courseId, courseId))
    .orderBy(asc(lectures.lectureDate), asc(lectures.createdAt));
}

export async function courseName(db: DbOrTx, courseId: string): Promise<string> {
  const [row] = await db.select({ name: courses.name }).from(courses).where(eq(courses.id, courseId));
  return row?.name ?? '';
}

/** Video ids of each lecture, in playlist order. */
export async function playlistsOf(db: DbOrTx, lectureIds: string[]): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>(lectureIds.map((id) => [id, []]));
  if (lectureIds.length === 0) return result;
  const rows = await db
    .select({ lectureId: lectureVideos.lectureId, videoId: lectureVideos.videoId })
    .from(lectureVideos)
    .where(inArray(lectureVideos.lectureId, lectureIds))
    .orderBy(asc(lectureVideos.lectureId), asc(lectureVideos.position));
  for (const row of rows) result.get(row.lectureId)?.push(row.videoId);
  return result;
}

export interface LectureCardMedia {
  /** The first ready video with a poster: its media file. */
  posterSha256: string | null;
  /** Summed length of the ready videos whose length is known; null when none is known. */
  durationSeconds: number | null;
}

/** What a lecture card shows of its ready videos (issue 11 #3), for each lecture. */
export async function cardMediaOf(db: DbOrTx, lectureIds: string[]): Promise<Map<string, LectureCardMedia>> {
  const result = new Map<string, LectureCardMedia>(
    lectureIds.map((id) => [id, { posterSha256: null, durationSeconds: null }]),
  );
  if (lectureIds.length === 0) return result;
  const rows = await db
    .select({
      lectureId: lectureVideos.lectureId,
      sha256: videos.mediaSha256,
      hasPoster: videos.hasPoster,
      durationSeconds: videos.durationSeconds,
    })
    .from(lectureVideos)
    .innerJoin(videos, eq(videos.id, lectureVideos.videoId))
    .where(and(inArray(lectureVideos.lectureId, lectureIds), eq(videos.status, 'ready')))
    .orderBy(asc(lectureVideos.lectureId), asc(lectureVideos.position));
  for (const row of rows) {
    const card = result.get(row.lectureId)!;
    if (!card.posterSha256 && row.hasPoster && row.sha256) card.posterSha256 = row.sha256;
    if (row.durationSeconds !== null)
      card.durationSeconds = (card.durationSeconds ?? 0) + row.durationSeconds;
  }
  return result;
}

/** The videos of a lecture, in playlist order. */
export async function videosOfLecture(db: DbOrTx, lectureId: string): Promise<VideoRow[]> {
  const rows = await db
    .select({ video: videos })
    .from(lectureVideos)
    .innerJoin(videos, eq(videos.id, lectureVideos.videoId))
    .where(eq(lectureVideos.lectureId, lectureId))
    .orderBy(asc(lectureVideos.position));
  return rows.map((r) => r.video);
}

/** Puts a video at the end of a lecture's playlist. */
export async function appendToPlaylist(db: DbOrTx, lectureId: string, videoId: string): Promise<void> {
  const [{ next }] = (await db
    .select({ next: sql<number>`coalesce(max(${lectureVideos.position}), -1) + 1` })
    .from(lectureVideos)
    .where(eq(lectureVideos.lectureId, lectureId))) as [{ next: number }];
  await db.insert(lectureVideos).values({ lectureId, videoId, position: Number(next) });
}

/** Removes one playlist entry; false when the video was not in the lecture. */
export async function removeFromPlaylist(db: DbOrTx, lectureId: string, videoId: string): Promise<boolean> {
  const deleted = await db
    .delete(lectureVideos)
    .where(and(eq(lectureVideos.lectureId, lectureId), eq(lectureVideos.videoId, videoId)))
    .returning({ videoId: lectureVideos.videoId });
  return deleted.length > 0;
}

/** Rewrites the playlist positions as 0..n-1 in the given order. */
export async function writePlaylistOrder(db: DbOrTx, lectureId: string, videoIds: string[]): Promise<void> {
  for (const [position, videoId] of videoIds.entries()) {
    await db
      .update(lectureVideos)
      .set({ position })
      .where(and(eq(lectureVideos.lectureId, lectureId), eq(lectureVideos.videoId, videoId)));
  }
}

export async function insertPlaylist(db: DbOrTx, lectureId: string, videoIds: string[]): Promise<void> {
  if (videoIds.length === 0) return;
  await db
    .insert(lectureVideos)
    .values(videoIds.map((videoId, position) => ({ lectureId, videoId, position })));
}
