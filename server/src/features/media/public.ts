// What other features may use of media (the boundary rule, scripts/eslint-server-boundaries.js, admits no
// other file of it): the files behind every video and answer. An upload is ingested (stored at once, or
// set aside and queued for conversion into whatever its owner registered as a processing target); what no
// video and no answer references any more is deleted, its files after the commit.
import type { ProcessingTarget, TargetName } from './processing/processing.job';

export { deleteOrphanedVideos, deleteUnreferencedMediaRows, removeUnreferencedMedia } from './cleanup';
export { FfmpegError, paceLimitMs, runFfmpeg } from './processing/ffmpeg';
export { discardIngested, type Ingested, type IngestedMedia, ingestUpload } from './ingest';
export type { ProcessingTarget } from './processing/processing.job';
export { forgetProcessing, PROCESS_MEDIA_JOB, queueProcessing } from './processing/processing.jobs';
export type { ProcessingRow } from './processing/processing.repository';

/** What the media plugin decorates the app with (`app.media`; `deps.media` is the file store). */
export interface MediaFeature {
  /** Says what a finished conversion of `name`'s entries turns into: call while registering its feature. */
  registerProcessingTarget(name: TargetName, target: ProcessingTarget): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    media: MediaFeature;
  }
}
