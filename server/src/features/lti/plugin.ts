import { definePlugin, ownScope } from '../feature';
import { keepFramingCurrent } from './framing';
import { handoverRoutes } from './handover.routes';
import { launchRoutes } from './launch.routes';

/** LTI 1.3: launches from learning platforms (LMSs) sign people into their course (issue 23). */
export const ltiPlugin = definePlugin({
  name: 'lti',
  dependencies: ['auth', 'courses'],
  async register(app, deps) {
    keepFramingCurrent(app, deps.db);
    await ownScope(app, deps, launchRoutes, handoverRoutes);
  },
});
