import { LtiHandoverAnswer, LtiHandoverBody } from '@lectern/shared';
import { unauthorized } from '../../lib/errors';
import { PER_MINUTE } from '../../plugins/rate-limit';
import { type Feature, typed } from '../feature';
import { takeHandover } from './lti-state';

const HANDOVER_EXPIRED = 'This sign-in link has expired. Open Lectern again from your course.';
const byIp = { keyGenerator: (req: { ip: string }) => `ip:${req.ip}` };

/** The web app trades a launch's one-time code (from /lti/enter's fragment) for a session, once. */
export const handoverRoutes: Feature = (app, deps) => {
  const r = typed(app);
  r.post(
    '/api/lti/handover',
    {
      schema: { body: LtiHandoverBody, response: { 200: LtiHandoverAnswer } },
      config: { auth: 'public', rateLimit: { ...byIp, max: 1500, timeWindow: 5 * PER_MINUTE } },
    },
    async (req) => {
      const handover = await takeHandover(deps.db, req.body.code, deps.clock());
      const user = handover && (await app.auth.findUserById(deps.db, handover.userId));
      if (!handover || !user) throw unauthorized(HANDOVER_EXPIRED);
      return { ...(await app.auth.startSession(user)), target: handover.target };
    },
  );
};
