import { definePlugin, ownScope } from '../feature';
import { coursesRoutes } from './courses.routes';
import { createCourse, enrol, enrolMany, withdrawMany } from './enrolment';
import { invitationsRoutes } from './invitations.routes';
import type { CoursesFeature } from './public';

/** Courses, their members, joining and invitations. */
export const coursesPlugin = definePlugin({
  name: 'courses',
  dependencies: ['auth', 'lectures'],
  async register(app, deps) {
    const courses: CoursesFeature = { createCourse, enrol, enrolMany, withdrawMany };
    app.decorate('courses', courses);
    await ownScope(
      app,
      deps,
      (scope) => coursesRoutes(scope, deps, app.lectures),
      (scope) => invitationsRoutes(scope, deps, app.auth),
    );
  },
});
