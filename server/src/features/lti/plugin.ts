import { definePlugin, ownScope } from '../feature';
import { keepFramingCurrent } from './framing';
import { deepLinkRoutes } from './deep-link.routes';
import { handoverRoutes } from './handover.routes';
import { launchRoutes } from './launch.routes';
import { newTabRoutes } from './new-tab.routes';
import { platformsAdminRoutes } from './platforms-admin.routes';
import { rosterSync } from './roster-sync';
import { rosterRoutes } from './roster.routes';

/**
 * LTI 1.3: launches from learning platforms (LMSs) sign people into their course, and instructors insert
 * Lectern's lectures into them by deep linking; their rosters come over by NRPS (issue 23).
 */
export const ltiPlugin = definePlugin({
  name: 'lti',
  dependencies: ['auth', 'courses', 'videos'],
  async register(app, deps) {
    keepFramingCurrent(app, deps.db);
    const roster = rosterSync(app, deps);
    await ownScope(
      app,
      deps,
      launchRoutes(roster),
      handoverRoutes,
      deepLinkRoutes,
      newTabRoutes,
      rosterRoutes(roster),
      platformsAdminRoutes,
    );
  },
});
