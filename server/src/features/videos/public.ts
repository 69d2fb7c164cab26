// What other features may use of videos (the boundary rule, scripts/eslint-server-boundaries.js, admits
// no other file of it): a video's wire shape and source, the video the watch page's shell shows, the
// multipart upload machinery that answer uploads share, and the videos plugin's decoration (adding an
// upload kind, finding a video).
import type { DbOrTx } from '../../db/client';
import type { VideoRow } from '../../db/schema';
import type { UploadKind } from './uploads/upload-kinds';

export { shellVideo } from './shell-video';
export { receiveSingleFile, registerMultipart } from './multipart';
export { toVideoDto, videoSourceOf } from './video.mapper';
export type { UploadKind } from './uploads/upload-kinds';

/** What the videos plugin decorates the app with (`app.videos`). */
export interface VideosFeature {
  /** Adds an upload kind (the tus `kind` metadata): call while registering the feature that owns it. */
  registerUploadKind(name: string, kind: UploadKind): void;
  /**
   * The video `videoId`, whatever its state and whoever asks: the caller has checked the access. Pass the
   * caller's transaction when inside one (the embedded database has one connection).
   */
  findVideo(videoId: string, db?: DbOrTx): Promise<VideoRow | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    videos: VideosFeature;
  }
}
