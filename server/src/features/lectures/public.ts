// What other features may use of lectures (the boundary rule, scripts/eslint-server-boundaries.js, admits
// no other file of it): a course lists its lectures, videos are placed in playlists, joins find the first
// video; videos remove from playlists through the lectures service's rule (the plugin's decoration).
import type { LecturesService } from './lectures.service';

export { appendToPlaylist, lecturesOfCourse, playlistsOf, videosOfLecture } from './lectures.repository';
export type { LecturesService } from './lectures.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The lectures feature's service: the rules for lectures and their playlists. */
    lectures: LecturesService;
  }
}
