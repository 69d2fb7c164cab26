import { definePlugin, ownScope } from '../feature';
import { authRoutes } from './auth.routes';
import { accountForIdentity, accountsForIdentities, linkedAccount } from './external-identities';
import { isInstallationAdmin } from './installation-admin';
import { offerLink } from './pending-links';
import type { AuthFeature } from './public';
import { deleteUserSessions } from './sessions.repository';
import { startSession } from './start-session';
import { addressHeldByOther, findUserByEmail, findUserById, updateUser } from './users.repository';

/**
 * Sign-up, login, sessions, password resets and e-mail verification; accounts known to other systems;
 * account and courses read and change users here.
 */
export const authPlugin = definePlugin({
  name: 'auth',
  async register(app, deps) {
    const auth: AuthFeature = {
      accountForIdentity: (tx, identity) => accountForIdentity(tx, identity, deps.clock()),
      accountsForIdentities: (tx, identities) => accountsForIdentities(tx, identities, deps.clock()),
      linkedAccount,
      offerLink: (db, issuer, subject, userId) => offerLink(db, issuer, subject, userId, deps.clock()),
      isInstallationAdmin: (userId) => isInstallationAdmin(deps, userId),
      startSession: (user) => startSession(deps, user),
      findUserById,
      findUserByEmail,
      addressHeldByOther,
      updateUser,
      deleteUserSessions,
    };
    app.decorate('auth', auth);
    await ownScope(app, deps, authRoutes);
  },
});
