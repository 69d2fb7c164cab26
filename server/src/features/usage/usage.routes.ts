import {
  ActiveUserCounts,
  Engagement,
  EngagementQuery,
  UsageEntryList,
  UsageIdParams,
  usageCsvFileName,
} from '@lectern/shared';
import { currentUser } from '../../plugins/auth';
import type { RawAnswer } from '../../plugins/openapi';
import { PER_MINUTE } from '../../plugins/rate-limit';
import { type Feature, typed } from '../feature';
import { usageCsv } from './usage-csv';
import { createUsageService } from './usage.service';

const CSV_FILE: RawAnswer = { status: 200, type: 'text/csv', description: 'The report as a CSV file' };

export const usageRoutes: Feature = (app, deps) => {
  const usage = createUsageService(deps);
  const r = typed(app);

  r.get(
    '/api/admin/logs/lecture/:id/activity',
    { schema: { params: UsageIdParams, response: { 200: ActiveUserCounts } }, config: { auth: 'user' } },
    async (req) => usage.lectureActivity(currentUser(req), req.params.id),
  );

  r.get(
    '/api/admin/logs/video/:id/student-activity',
    { schema: { params: UsageIdParams, response: { 200: UsageEntryList } }, config: { auth: 'user' } },
    async (req) => usage.studentActivity(currentUser(req), req.params.id),
  );

  // The same report as a file, built here so escaping is the server's job (SECURITY VAL-5, RL-4).
  r.get(
    '/api/admin/logs/video/:id/student-activity.csv',
    {
      schema: { params: UsageIdParams },
      config: { auth: 'user', rawAnswer: CSV_FILE, rateLimit: { max: 10, timeWindow: PER_MINUTE } },
    },
    async (req, reply) => {
      const entries = await usage.studentActivity(currentUser(req), req.params.id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${usageCsvFileName(req.params.id)}"`)
        .send(usageCsv(entries));
    },
  );

  r.get(
    '/api/admin/logs/video/:id/engagement',
    {
      schema: { params: UsageIdParams, querystring: EngagementQuery, response: { 200: Engagement } },
      config: { auth: 'user' },
    },
    async (req) => usage.engagement(currentUser(req), req.params.id, req.query.bin),
  );
};
