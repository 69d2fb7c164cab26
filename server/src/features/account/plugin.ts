import { definePlugin, ownScope } from '../feature';
import { accountRoutes } from './account.routes';

/** The caller's own account: profile, password, notifications. */
export const accountPlugin = definePlugin({
  name: 'account',
  dependencies: ['auth'],
  register: (app, deps) => ownScope(app, deps, (scope) => accountRoutes(scope, deps, app.auth)),
});
