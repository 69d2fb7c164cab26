import { definePlugin, ownScope } from '../feature';
import { loggingRoutes } from './logging.routes';
import { usageRoutes } from './usage.routes';
import { watchProgress } from './watch-progress';

/** Viewing logs from the player, and the usage reports built on them; other features hear of progress. */
export const usagePlugin = definePlugin({
  name: 'usage',
  async register(app, deps) {
    const progress = watchProgress(deps.db, app.log);
    app.decorate('usage', progress);
    await ownScope(app, deps, loggingRoutes(progress), usageRoutes);
  },
});
