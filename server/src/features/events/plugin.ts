import { definePlugin, ownScope } from '../feature';
import { eventsRoutes } from './events.routes';

/** GET /api/events: the live stream of what changed. */
export const eventsPlugin = definePlugin({
  name: 'events',
  register: (app, deps) => ownScope(app, deps, eventsRoutes),
});
