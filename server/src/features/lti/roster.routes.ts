import { CourseIdParams, LtiRosterAnswer, LtiRosterSyncAnswer } from '@lectern/shared';
import { emitCourseChanged } from '../../events/catalog-events';
import { conflict } from '../../lib/errors';
import { PER_MINUTE } from '../../plugins/rate-limit';
import { requireCourseAdmin } from '../access/public';
import { currentUser } from '../../plugins/auth';
import { type Feature, typed } from '../feature';
import { contextsOfCourse } from './contexts.repository';
import { listPlatforms } from './platforms.repository';
import type { RosterSync } from './roster-sync';

/**
 * The course's LMS roster (NRPS 2.0, issue 23) for its administrators: how the last syncs went, and a sync
 * on demand (queued; its end reaches the admin page as a course.changed event).
 */
export const rosterRoutes =
  (roster: RosterSync): Feature =>
  (app, { db }) => {
    const r = typed(app);
    r.get(
      '/api/courses/:id/lti-roster',
      { schema: { params: CourseIdParams, response: { 200: LtiRosterAnswer } }, config: { auth: 'user' } },
      async (req) => {
        await requireCourseAdmin(db, currentUser(req), req.params.id);
        const contexts = await contextsOfCourse(db, req.params.id);
        const names = new Map((await listPlatforms(db)).map((p) => [p.id, p.name]));
        return {
          links: contexts.map((c) => ({
            platformName: names.get(c.platformId) ?? 'LMS',
            canSync: c.membershipsUrl !== null,
            lastSyncAt: c.lastSyncAt?.toISOString() ?? null,
            lastSyncMembers: c.lastSyncMembers,
            lastSyncError: c.lastSyncError,
          })),
        };
      },
    );

    r.post(
      '/api/courses/:id/lti-roster-sync',
      {
        schema: { params: CourseIdParams, response: { 202: LtiRosterSyncAnswer } },
        config: { auth: 'user', rateLimit: { max: 10, timeWindow: 5 * PER_MINUTE } },
      },
      async (req, reply) => {
        await requireCourseAdmin(db, currentUser(req), req.params.id);
        const syncable = (await contextsOfCourse(db, req.params.id)).filter((c) => c.membershipsUrl);
        if (syncable.length === 0)
          throw conflict('This course is not linked to an LMS course that shares its roster');
        await db.transaction(async (tx) => {
          for (const c of syncable)
            await roster.queue(tx, { platformId: c.platformId, contextId: c.contextId });
          await emitCourseChanged(tx, req.params.id);
        });
        return reply.code(202).send({ queued: syncable.length });
      },
    );
  };
