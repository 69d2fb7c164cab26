// What other features may use of videos (the boundary rule, scripts/eslint-server-boundaries.js, admits
// no other file of it): finding a video by id and its wire shape, the video the watch page's shell shows,
// the upload, ingest and processing machinery that answer videos share with lecture videos, and the
// conversions' job kind (their queue is a metric).
export { shellVideo } from './shell-video';
export { receiveSingleFile, registerMultipart } from './multipart';
import type { VideoRow } from '../../db/schema';
import type { UploadKind } from './uploads/upload-kinds';

export type { UploadKind } from './uploads/upload-kinds';

/** What the videos plugin decorates the app with (`app.videos`). */
export interface VideosFeature {
  /** Adds an upload kind (the tus `kind` metadata): call while registering the feature that owns it. */
  registerUploadKind(name: string, kind: UploadKind): void;
  /** The video `videoId`, whatever its state and whoever asks: the caller has checked the access. */
  findVideo(videoId: string): Promise<VideoRow | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    videos: VideosFeature;
  }
}
export { toVideoDto, videoSourceOf } from './video.mapper';
