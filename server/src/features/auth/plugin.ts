import { definePlugin, ownScope } from '../feature';
import { authRoutes } from './auth.routes';

/** Sign-up, login, sessions, password resets and e-mail verification. */
export const authPlugin = definePlugin({
  name: 'auth',
  register: (app, deps) => ownScope(app, deps, authRoutes),
});
