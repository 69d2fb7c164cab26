import * as oidc from 'openid-client';
import type { OidcConfig } from '../../config/env';

/**
 * The campus OpenID provider as openid-client knows it, discovered on first use and kept; a failed
 * discovery (the provider down) is tried again by the next sign-on. http is allowed only for a provider on
 * this machine (config/env.ts refuses it elsewhere).
 */
export function campusProvider(config: OidcConfig): () => Promise<oidc.Configuration> {
  let discovered: Promise<oidc.Configuration> | undefined;
  return () => {
    discovered ??= oidc
      .discovery(new URL(config.issuer), config.clientId, config.clientSecret, undefined, {
        execute: config.issuer.startsWith('http:') ? [oidc.allowInsecureRequests] : [],
      })
      .catch((error: unknown) => {
        discovered = undefined;
        throw error;
      });
    return discovered;
  };
}
