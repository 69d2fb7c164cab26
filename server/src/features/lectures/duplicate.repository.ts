import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type VideoRow, questions, videos } from '../../db/schema';

type QuestionRow = typeof questions.$inferSelect;

/** New video rows with the same source (media file or YouTube link), title and duration. */
export async function copyVideos(db: DbOrTx, source: VideoRow[]): Promise<Map<string, string>> {
  const copies = new Map<string, string>();
  for (const video of source) {
    const [copy] = await db
      .insert(videos)
      .values({
        title: video.title,
        sourceType: video.sourceType,
        mediaSha256: video.mediaSha256,
        youtubeUrl: video.youtubeUrl,
        durationSeconds: video.durationSeconds,
        uploaderId: video.uploaderId,
      })
      .returning({ id: videos.id });
    copies.set(video.id, copy!.id);
  }
  return copies;
}

export async function questionsByIds(db: DbOrTx, ids: string[]): Promise<QuestionRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(questions).where(inArray(questions.id, ids));
}

/**
 * Copies questions onto the copied videos of a new lecture: same asker, text, times and answer (the
 * answer row is shared, answers are immutable files); no votes, and no live meeting status, which
 * belongs to the original.
 */
export async function copyQuestions(
  db: DbOrTx,
  source: QuestionRow[],
  videoCopies: Map<string, string>,
  lectureId: string,
): Promise<void> {
  if (source.length === 0) return;
  await db.insert(questions).values(
    source.map((q) => ({
      videoId: videoCopies.get(q.videoId)!,
      lectureId,
      askerId: q.askerId,
      question: q.question,
      meaning: q.meaning,
      topic: q.topic,
      level: q.level,
      timeAsked: q.timeAsked,
      timePosted: q.timePosted,
      live: q.live,
      status: null,
      responseId: q.responseId,
      answeredAt: q.answeredAt,
    })),
  );
}
