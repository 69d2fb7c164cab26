import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { courses, lectureVideos, lectures, questions, responses, videos } from '../../db/schema';
import { ANYONE, LECTURE_COLUMNS, lectureAllowsSql, sqlReaderOfStanding } from '../access/public';
import type { VideoRow } from '../../db/schema';

export type NewVideo = Pick<
  typeof videos.$inferInsert,
  'title' | 'sourceType' | 'mediaSha256' | 'youtubeUrl' | 'durationSeconds' | 'hasPoster' | 'uploaderId'
>;

export async function insertVideo(db: DbOrTx, values: NewVideo): Promise<VideoRow> {
  const [video] = await db.insert(videos).values(values).returning();
  return video!;
}

export async function findVideo(db: DbOrTx, videoId: string): Promise<VideoRow | null> {
  const [row] = await db.select().from(videos).where(eq(videos.id, videoId)).limit(1);
  return row ?? null;
}

export async function renameVideo(db: DbOrTx, videoId: string, title: string): Promise<VideoRow | null> {
  const [row] = await db.update(videos).set({ title }).where(eq(videos.id, videoId)).returning();
  return row ?? null;
}

/** Lectures holding the video within the given courses, with names for the where-used list. */
export async function videoContexts(db: DbOrTx, videoId: string, courseIds: string[]) {
  if (courseIds.length === 0) return [];
  return db
    .select({
      lectureId: lectures.id,
      courseId: courses.id,
      courseName: courses.name,
      lectureTitle: lectures.title,
    })
    .from(lectureVideos)
    .innerJoin(lectures, eq(lectures.id, lectureVideos.lectureId))
    .innerJoin(courses, eq(courses.id, lectures.courseId))
    .where(and(eq(lectureVideos.videoId, videoId), inArray(courses.id, courseIds)))
    .orderBy(asc(courses.name), asc(lectures.lectureDate));
}

/** An answer video and the videos whose questions it answers. */
export async function findResponseWithVideos(db: DbOrTx, responseId: string) {
  const [response] = await db.select().from(responses).where(eq(responses.id, responseId)).limit(1);
  if (!response) return null;
  const asked = await db
    .selectDistinct({ videoId: questions.videoId })
    .from(questions)
    .where(eq(questions.responseId, responseId));
  return { response, videoIds: asked.map((q) => q.videoId) };
}

/**
 * True when anyone may fetch the stored file without a signed URL: it backs a video, or an answer to a
 * question on a video, that sits in a lecture anyone may see (SECURITY AC-8).
 */
export async function isMediaReleased(db: DbOrTx, sha256: string, now: Date): Promise<boolean> {
  const released = and(
    eq(lectures.id, lectureVideos.lectureId),
    lectureAllowsSql('sees', sqlReaderOfStanding(ANYONE), LECTURE_COLUMNS, now),
  );
  const asVideo = await db
    .select({ one: videos.id })
    .from(videos)
    .innerJoin(lectureVideos, eq(lectureVideos.videoId, videos.id))
    .innerJoin(lectures, released)
    .where(eq(videos.mediaSha256, sha256))
    .limit(1);
  if (asVideo.length > 0) return true;
  const asAnswer = await db
    .select({ one: responses.id })
    .from(responses)
    .innerJoin(questions, eq(questions.responseId, responses.id))
    .innerJoin(lectureVideos, eq(lectureVideos.videoId, questions.videoId))
    .innerJoin(lectures, released)
    .where(eq(responses.mediaSha256, sha256))
    .limit(1);
  return asAnswer.length > 0;
}
