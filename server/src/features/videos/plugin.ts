import { UPLOAD_KINDS } from '@lectern/shared';
import { definePlugin, ownScope } from '../feature';
import { lectureVideoTarget } from './processing/lecture-video.target';
import type { VideosFeature } from './public';
import { lectureVideoKind } from './uploads/lecture-video.kind';
import type { UploadKinds } from './uploads/upload-kinds';
import { findVideo } from './videos.repository';
import { videosRoutes } from './videos.routes';

/** Lecture videos, their uploads (multipart and tus) and the /media files; other features add upload kinds. */
export const videosPlugin = definePlugin({
  name: 'videos',
  dependencies: ['lectures', 'media'],
  async register(app, deps) {
    const kinds: UploadKinds = new Map([[UPLOAD_KINDS.lectureVideo, lectureVideoKind(app.lectures)]]);
    app.media.registerProcessingTarget('video', lectureVideoTarget(app.lectures));
    const videos: VideosFeature = {
      registerUploadKind: (name, kind) => void kinds.set(name, kind),
      findVideo: (videoId, db = deps.db) => findVideo(db, videoId),
    };
    app.decorate('videos', videos);
    await ownScope(app, deps, (scope) => videosRoutes(scope, deps, app.lectures, kinds));
  },
});
