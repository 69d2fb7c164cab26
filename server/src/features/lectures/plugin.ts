import { definePlugin, ownScope } from '../feature';
import { lecturesRoutes } from './lectures.routes';
import { createLecturesService } from './lectures.service';

/** Lectures and their playlists; videos remove a video from a playlist through this service's rule. */
export const lecturesPlugin = definePlugin({
  name: 'lectures',
  async register(app, deps) {
    const lectures = createLecturesService(deps);
    app.decorate('lectures', lectures);
    await ownScope(app, deps, (scope) => lecturesRoutes(scope, deps, lectures));
  },
});
