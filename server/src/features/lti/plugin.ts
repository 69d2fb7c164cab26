import { definePlugin, ownScope } from '../feature';
import { handoverRoutes } from './handover.routes';
import { launchRoutes } from './launch.routes';

/** LTI 1.3: launches from learning platforms (LMSs) sign people into their course (issue 23). */
export const ltiPlugin = definePlugin({
  name: 'lti',
  dependencies: ['auth', 'courses'],
  register: (app, deps) => ownScope(app, deps, launchRoutes, handoverRoutes),
});
