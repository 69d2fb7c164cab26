// What other features may use of videos (the import-boundary rule in eslint.config.js keeps them out of
// its repository): finding a video by id, and the video the watch page's shell shows.
export { findVideo } from './videos.repository';
export { shellVideo } from './shell-video';
