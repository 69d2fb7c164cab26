import { LogEntryBody, OkAnswer } from '@lectern/shared';
import { PER_MINUTE } from '../../plugins/rate-limit';
import { type Feature, typed } from '../feature';
import { scopeEvent } from './event-scope';
import { insertUsageEvent } from './usage-events.repository';
import type { WatchProgress } from './watch-progress';

// SECURITY RL-4: 120 events a minute per user, 4 KB a body.
const LOG_BODY_LIMIT = 4 * 1024;

export const loggingRoutes =
  (progress: WatchProgress): Feature =>
  (app, { db, clock }) => {
    typed(app).post(
      '/api/logging/log',
      {
        schema: { body: LogEntryBody, response: { 201: OkAnswer } },
        bodyLimit: LOG_BODY_LIMIT,
        // Anonymous viewers may watch (SPEC §6), so their playback is logged too, without a user.
        config: { auth: 'public', rateLimit: { max: 120, timeWindow: PER_MINUTE } },
      },
      async (req, reply) => {
        const b = req.body;
        const now = clock();
        const scope = await scopeEvent(db, req.user, b, now);
        await insertUsageEvent(db, {
          userId: req.user?.id ?? null, // never the body's userID (SECURITY AC-4)
          action: b.action,
          ...scope,
          rate: b.rate ?? null,
          pageUrl: b.pageURL ?? null,
          createdAt: now,
        });
        if (b.action === 'videoProgressLecture' && req.user && scope.videoId)
          await progress.reported({ userId: req.user.id, videoId: scope.videoId });
        return reply.code(201).send({ ok: true as const });
      },
    );
  };
