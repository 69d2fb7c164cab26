import { and, eq } from 'drizzle-orm';
import type { AutoCaptionState, CaptionOwner } from '@lectern/shared';
import type { DbOrTx } from '../../../db/client';
import { autoCaptions, mediaFiles, responses, videos } from '../../../db/schema';

export type AutoCaptionsRow = typeof autoCaptions.$inferSelect;
export type StoredState = Exclude<AutoCaptionState, 'none'>;

const ownerIs = (owner: CaptionOwner, ownerId: string) =>
  owner === 'video' ? eq(autoCaptions.videoId, ownerId) : eq(autoCaptions.responseId, ownerId);

export async function findAutoCaptions(
  db: DbOrTx,
  owner: CaptionOwner,
  ownerId: string,
): Promise<AutoCaptionsRow | null> {
  const [row] = await db.select().from(autoCaptions).where(ownerIs(owner, ownerId));
  return row ?? null;
}

export interface AutoCaptionsChange {
  state: StoredState;
  progress?: number | null;
  reason?: string | null;
  engine?: string | null;
}

/** Creates the owner's row as `change`, or moves it there; false when the owner is gone. */
export async function setAutoCaptions(
  db: DbOrTx,
  owner: CaptionOwner,
  ownerId: string,
  language: string,
  change: AutoCaptionsChange,
): Promise<boolean> {
  const values = {
    state: change.state,
    progress: change.progress ?? null,
    reason: change.reason ?? null,
    engine: change.engine ?? null,
    updatedAt: new Date(),
  };
  const ownerValues = owner === 'video' ? { videoId: ownerId } : { responseId: ownerId };
  const target = owner === 'video' ? autoCaptions.videoId : autoCaptions.responseId;
  const inserted = await db
    .insert(autoCaptions)
    .values({ ...ownerValues, language, ...values })
    .onConflictDoUpdate({ target, set: { ...values, language } })
    .returning({ id: autoCaptions.id })
    .catch((error: unknown) => {
      if (isMissingOwner(error)) return [];
      throw error;
    });
  return inserted.length > 0;
}

/** A running transcription's progress; false when the row (and so its owner) is gone. */
export async function setAutoCaptionsProgress(
  db: DbOrTx,
  owner: CaptionOwner,
  ownerId: string,
  progress: number,
): Promise<boolean> {
  const rows = await db
    .update(autoCaptions)
    .set({ progress, updatedAt: new Date() })
    .where(and(ownerIs(owner, ownerId), eq(autoCaptions.state, 'transcribing')))
    .returning({ id: autoCaptions.id });
  return rows.length > 0;
}

/** A foreign key violation: the video or answer was deleted before its row was written. */
const isMissingOwner = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  ((error as { code?: string }).code === '23503' ||
    (error as { cause?: { code?: string } }).cause?.code === '23503');

/** The stored media file of a ready local video or answer, with its length; null for none (YouTube). */
export async function ownerMedia(
  db: DbOrTx,
  owner: CaptionOwner,
  ownerId: string,
): Promise<{ sha256: string; durationSeconds: number } | null> {
  const [row] =
    owner === 'video'
      ? await db
          .select({ sha256: mediaFiles.sha256, durationSeconds: mediaFiles.durationSeconds })
          .from(videos)
          .innerJoin(mediaFiles, eq(mediaFiles.sha256, videos.mediaSha256))
          .where(and(eq(videos.id, ownerId), eq(videos.status, 'ready')))
      : await db
          .select({ sha256: mediaFiles.sha256, durationSeconds: mediaFiles.durationSeconds })
          .from(responses)
          .innerJoin(mediaFiles, eq(mediaFiles.sha256, responses.mediaSha256))
          .where(and(eq(responses.id, ownerId), eq(responses.status, 'ready')));
  return row && row.durationSeconds !== null
    ? { sha256: row.sha256, durationSeconds: row.durationSeconds }
    : null;
}
