import { NewTabAnswer, NewTabBody } from '@lectern/shared';
import { type Feature, typed } from '../feature';
import { newHandover } from './lti-state';

/**
 * "Open in a new tab" (issue 23): inside the LMS frame the session lives in the page only, so a new
 * top-level tab gets one of its own through a new one-time code, which the web app opens as
 * /lti/enter#code=… (in the fragment: in no log).
 */
export const newTabRoutes: Feature = (app, deps) => {
  typed(app).post(
    '/api/lti/new-tab',
    {
      schema: { body: NewTabBody, response: { 200: NewTabAnswer } },
      config: { auth: 'user' },
    },
    async (req) => ({ code: await newHandover(deps.db, req.user!.id, req.body.target, deps.clock()) }),
  );
};
