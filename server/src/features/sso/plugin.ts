import { definePlugin, ownScope } from '../feature';
import { ssoRoutes } from './sso.routes';

/** Campus single sign-on through OpenID Connect, when OIDC_ISSUER is set (issue 23). */
export const ssoPlugin = definePlugin({
  name: 'sso',
  dependencies: ['auth'],
  async register(app, deps) {
    const settings = deps.config.oidc;
    if (settings) await ownScope(app, deps, ssoRoutes(settings));
  },
});
