import { definePlugin, ownScope } from '../feature';
import { authRoutes } from './auth.routes';
import { accountForIdentity } from './external-identities';
import type { AuthFeature } from './public';
import { startSession } from './start-session';

/** Sign-up, login, sessions, password resets and e-mail verification; accounts known to other systems. */
export const authPlugin = definePlugin({
  name: 'auth',
  async register(app, deps) {
    const auth: AuthFeature = {
      accountForIdentity: (tx, identity) => accountForIdentity(tx, identity, deps.clock()),
      startSession: (user) => startSession(deps, user),
    };
    app.decorate('auth', auth);
    await ownScope(app, deps, authRoutes);
  },
});
