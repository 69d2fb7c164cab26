import { definePlugin, ownScope } from '../feature';
import { captionsRoutes } from './captions.routes';

/** Captions of videos and the search through them. */
export const captionsPlugin = definePlugin({
  name: 'captions',
  register: (app, deps) => ownScope(app, deps, captionsRoutes),
});
