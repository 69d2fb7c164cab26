// What other features may use of lectures (the boundary rule, scripts/eslint-server-boundaries.js, admits
// no other file of it): the plugin's decoration, the lectures service: a course lists its lectures, videos
// are placed in playlists, joins find the first video, and videos leave playlists by the lectures' rule.
import type { LecturesService } from './lectures.service';

export type { LecturesService } from './lectures.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The lectures feature's service: the rules for lectures and their playlists. */
    lectures: LecturesService;
  }
}
