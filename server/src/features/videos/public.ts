// What other features may use of videos (the import-boundary rule in eslint.config.js keeps them out of
// its repository): finding a video by id, the video the watch page's shell shows, and the conversions'
// job kind (their queue is a metric).
export { findVideo } from './videos.repository';
export { shellVideo } from './shell-video';
export { PROCESS_MEDIA_JOB } from './processing/processing.jobs';
