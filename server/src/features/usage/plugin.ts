import { definePlugin, ownScope } from '../feature';
import { loggingRoutes } from './logging.routes';
import { usageRoutes } from './usage.routes';

/** Viewing logs from the player, and the usage reports built on them. */
export const usagePlugin = definePlugin({
  name: 'usage',
  register: (app, deps) => ownScope(app, deps, loggingRoutes, usageRoutes),
});
