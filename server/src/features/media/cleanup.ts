import { and, eq, exists, inArray, not } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { lectureVideos, mediaFiles, questions, responses, videos } from '../../db/schema';
import type { MediaStore } from '../../lib/media-store';

// What goes when a lecture, a course or a playlist entry goes (DESIGN §4): a video in no lecture any
// more is deleted (its questions cascade), then answer videos no question uses, then media rows that
// no video and no answer names. Files are removed only after the transaction commits, so a rollback
// never leaves a row pointing at a missing file.

const uniq = (values: (string | null)[]): string[] => [
  ...new Set(values.filter((v): v is string => v !== null)),
];

/**
 * Inside a transaction: deletes those of `candidateVideoIds` that sit in no lecture, with their
 * questions, the answers only they used, and the media rows nothing references any more.
 * Returns the sha256s of the deleted media rows: hand them to removeUnreferencedMedia after commit.
 */
export async function deleteOrphanedVideos(tx: DbOrTx, candidateVideoIds: string[]): Promise<string[]> {
  if (candidateVideoIds.length === 0) return [];
  // Lock the candidates first: two lectures dropping a shared video at once then see each other's
  // committed playlist change, so the last one out deletes it.
  await tx
    .select({ id: videos.id })
    .from(videos)
    .where(inArray(videos.id, uniq(candidateVideoIds)))
    .for('update');
  const orphans = await tx
    .select({ id: videos.id, mediaSha256: videos.mediaSha256 })
    .from(videos)
    .where(
      and(
        inArray(videos.id, uniq(candidateVideoIds)),
        not(exists(tx.select().from(lectureVideos).where(eq(lectureVideos.videoId, videos.id)))),
      ),
    );
  if (orphans.length === 0) return [];
  const orphanIds = orphans.map((v) => v.id);

  const answered = await tx
    .select({ responseId: questions.responseId })
    .from(questions)
    .where(inArray(questions.videoId, orphanIds));
  await tx.delete(videos).where(inArray(videos.id, orphanIds));

  // Answers may be shared by copied questions (duplicate mode): only those no question uses go.
  const responseIds = uniq(answered.map((q) => q.responseId));
  const goneResponses =
    responseIds.length === 0
      ? []
      : await tx
          .delete(responses)
          .where(
            and(
              inArray(responses.id, responseIds),
              not(exists(tx.select().from(questions).where(eq(questions.responseId, responses.id)))),
            ),
          )
          .returning({ mediaSha256: responses.mediaSha256 });

  return deleteUnreferencedMediaRows(tx, [
    ...orphans.map((v) => v.mediaSha256),
    ...goneResponses.map((r) => r.mediaSha256),
  ]);
}

/** Deletes those media rows among `sha256s` that no video and no answer references; returns them. */
export async function deleteUnreferencedMediaRows(tx: DbOrTx, sha256s: (string | null)[]): Promise<string[]> {
  const candidates = uniq(sha256s);
  if (candidates.length === 0) return [];
  // Same reasoning as for videos: two deletions releasing one file at once, the last one removes it.
  await tx
    .select({ sha256: mediaFiles.sha256 })
    .from(mediaFiles)
    .where(inArray(mediaFiles.sha256, candidates))
    .for('update');
  const deleted = await tx
    .delete(mediaFiles)
    .where(
      and(
        inArray(mediaFiles.sha256, candidates),
        not(exists(tx.select().from(videos).where(eq(videos.mediaSha256, mediaFiles.sha256)))),
        not(exists(tx.select().from(responses).where(eq(responses.mediaSha256, mediaFiles.sha256)))),
      ),
    )
    .returning({ sha256: mediaFiles.sha256 });
  return deleted.map((m) => m.sha256);
}

/**
 * After commit: removes the files of media rows deleted by deleteOrphanedVideos. A file whose row came
 * back meanwhile (the same bytes uploaded again) is kept.
 */
export async function removeUnreferencedMedia(
  db: DbOrTx,
  media: MediaStore,
  sha256s: string[],
): Promise<void> {
  if (sha256s.length === 0) return;
  const revived = await db
    .select({ sha256: mediaFiles.sha256 })
    .from(mediaFiles)
    .where(inArray(mediaFiles.sha256, sha256s));
  const keep = new Set(revived.map((m) => m.sha256));
  for (const sha256 of sha256s) if (!keep.has(sha256)) await media.remove(sha256);
}
