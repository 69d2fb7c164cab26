import { and, eq, ne } from 'drizzle-orm';
import type { AppDeps } from '../../../app-deps';
import type { DbOrTx } from '../../../db/client';
import { videos } from '../../../db/schema';
import type { Role } from '../../access/public';
import type { LecturesService } from '../../lectures/public';
import type { VideoRow } from '../../../db/schema';
import { forgetProcessing } from '../../media/public';
import { pendingEntryOfVideo, pendingVideosOf } from './pending-videos.repository';

// The lecture's videos as each role sees them (issue 9): the playlist (ready videos only) for everyone;
// its admins also get the videos still processing or failed, after the playlist.

export async function lectureVideosFor(
  db: DbOrTx,
  lectures: LecturesService,
  lectureId: string,
  role: Role,
): Promise<VideoRow[]> {
  const playlist = await lectures.videosOfLecture(db, lectureId);
  return role === 'admin' ? [...playlist, ...(await pendingVideosOf(db, [lectureId]))] : playlist;
}

/**
 * Deletes a video of the lecture that is still processing or failed (its admin's Delete), with its
 * original; false when the video is no such video of this lecture. Call after checking the admin.
 */
export async function deletePendingVideo(
  deps: AppDeps,
  lectureId: string,
  videoId: string,
): Promise<boolean> {
  const entry = await deps.db.transaction(async (tx) => {
    const found = await pendingEntryOfVideo(tx, lectureId, videoId);
    if (!found) return null;
    // Its processing entry goes with it (cascade): a running conversion then finds nothing to finish.
    await tx.delete(videos).where(and(eq(videos.id, videoId), ne(videos.status, 'ready')));
    return found;
  });
  if (!entry) return false;
  await forgetProcessing(deps, entry.id);
  return true;
}
