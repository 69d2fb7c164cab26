import { definePlugin, ownScope } from '../feature';
import { keepFramingCurrent } from './framing';
import { deepLinkRoutes } from './deep-link.routes';
import { handoverRoutes } from './handover.routes';
import { launchRoutes } from './launch.routes';
import { newTabRoutes } from './new-tab.routes';
import { platformsAdminRoutes } from './platforms-admin.routes';
import { gradebookSync } from './gradebook-sync';
import { gradebookRoutes } from './gradebook.routes';
import { rosterSync } from './roster-sync';
import { rosterRoutes } from './roster.routes';
import { serviceTokens } from './service-token';

/**
 * LTI 1.3: launches from learning platforms (LMSs) sign people into their course, and instructors insert
 * Lectern's lectures into them by deep linking; their rosters come over by NRPS, and watch progress goes to
 * their gradebooks by AGS (issue 23).
 */
export const ltiPlugin = definePlugin({
  name: 'lti',
  dependencies: ['auth', 'courses', 'videos', 'usage'],
  async register(app, deps) {
    keepFramingCurrent(app, deps.db);
    const tokens = serviceTokens(deps.db, deps.clock);
    const roster = rosterSync(app, deps, tokens);
    const grades = gradebookSync(app, deps, tokens);
    await ownScope(
      app,
      deps,
      launchRoutes(roster, grades),
      handoverRoutes,
      deepLinkRoutes,
      newTabRoutes,
      rosterRoutes(roster),
      gradebookRoutes(grades),
      platformsAdminRoutes,
    );
  },
});
