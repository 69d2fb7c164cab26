import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { viewersOfLecture, watchedShareOfLecture } from './usage.repository';

/** A signed-in viewer's progress report was stored: who, on which video. */
export type ProgressListener = (progress: { userId: string; videoId: string }) => Promise<void>;

/**
 * Watch progress for other features (the LMS gradebook, issue 23): listeners told after each stored progress
 * report of a signed-in viewer, and the share of a lecture a viewer has watched.
 */
export function watchProgress(db: DbOrTx, log: FastifyBaseLogger) {
  const listeners: ProgressListener[] = [];
  return {
    onProgress(listener: ProgressListener) {
      listeners.push(listener);
    },
    /** Tells every listener, once the report is stored; a listener's failure never fails the report. */
    async reported(progress: { userId: string; videoId: string }) {
      for (const listener of listeners)
        await listener(progress).catch((err: unknown) =>
          log.error({ err, ...progress }, 'progress listener failed'),
        );
    },
    /**
     * The share (0–1) of the lecture's videos the user has watched: what their progress reports cover of
     * each video, over the videos' total length. Videos of unknown length (a YouTube link not probed) count
     * for nothing either way; null when the lecture has none of known length.
     */
    watchedShare: (lectureId: string, userId: string) => watchedShareOfLecture(db, lectureId, userId),
    /** Who has reported progress on the lecture's videos. */
    viewers: (lectureId: string) => viewersOfLecture(db, lectureId),
  };
}

export type WatchProgress = ReturnType<typeof watchProgress>;
