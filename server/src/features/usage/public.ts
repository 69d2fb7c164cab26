// What other features may use of usage (the boundary rule, scripts/eslint-server-boundaries.js, admits no
// other file of it): its decoration, which tells of watch progress and measures what a viewer watched.
import type { WatchProgress } from './watch-progress';

export type { WatchProgress, ProgressListener } from './watch-progress';

declare module 'fastify' {
  interface FastifyInstance {
    /** The usage feature's service for other features. */
    usage: WatchProgress;
  }
}
