import { definePlugin, ownScope } from '../feature';
import { coursesRoutes } from './courses.routes';
import { invitationsRoutes } from './invitations.routes';

/** Courses, their members, joining and invitations. */
export const coursesPlugin = definePlugin({
  name: 'courses',
  register: (app, deps) => ownScope(app, deps, coursesRoutes, invitationsRoutes),
});
