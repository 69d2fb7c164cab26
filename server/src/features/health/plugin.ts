import { definePlugin, ownScope } from '../feature';
import { healthRoutes } from './health.routes';

/** The liveness and readiness probes. */
export const healthPlugin = definePlugin({
  name: 'health',
  register: (app, deps) => ownScope(app, deps, healthRoutes),
});
