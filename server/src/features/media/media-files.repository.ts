import type { DbOrTx } from '../../db/client';
import { mediaFiles } from '../../db/schema';

// Rows of stored files (db/schema): one per content hash, shared by every video and answer that shows it.

export interface MediaFacts {
  sha256: string;
  sizeBytes: number;
  durationSeconds: number;
}

/** Records a stored file; the same bytes uploaded twice share one row. */
export async function insertMediaFile(db: DbOrTx, media: MediaFacts): Promise<void> {
  await db.insert(mediaFiles).values(media).onConflictDoNothing();
}
