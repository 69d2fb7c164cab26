import { DeepLinkAnswer, DeepLinkBody } from '@lectern/shared';
import { hasCookie } from '../../lib/cookies';
import { logSecurityEvent } from '../../plugins/security-events';
import { type Feature, typed } from '../feature';
import { createDeepLinkService, PickRefusal } from './deep-link.service';
import { DEEP_LINK_PATH, pickerCookieName } from './lti-state';

/**
 * Deep Linking 2.0 (issue 23): Lectern's picker posts what the instructor picked and receives the signed
 * LtiDeepLinkingResponse, which the page posts on to the platform's return URL. Refusals are logged as
 * security events.
 */
export const deepLinkRoutes: Feature = (app, deps) => {
  const deepLinks = createDeepLinkService(app, deps);
  typed(app).post(
    DEEP_LINK_PATH,
    { schema: { body: DeepLinkBody, response: { 200: DeepLinkAnswer } }, config: { auth: 'user' } },
    async (req, reply) => {
      const user = req.user!;
      const fromPicker = hasCookie(req, pickerCookieName(req.body.picker));
      try {
        const { courseId, ...answer } = await deepLinks.answer(user.id, req.body, fromPicker);
        logSecurityEvent(req, 'lti.deep_link.answered', { courseId, items: req.body.items.length });
        // The picker is used: its cookie goes.
        void reply.header(
          'set-cookie',
          `${pickerCookieName(req.body.picker)}=; Path=${DEEP_LINK_PATH}; Max-Age=0`,
        );
        return answer;
      } catch (error) {
        if (error instanceof PickRefusal)
          logSecurityEvent(req, 'lti.refused', { reason: error.reason, status: error.statusCode });
        throw error;
      }
    },
  );
};
