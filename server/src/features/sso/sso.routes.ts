import type { FastifyReply } from 'fastify';
import * as oidc from 'openid-client';
import type { OidcConfig } from '../../config/env';
import { hasCookie } from '../../lib/cookies';
import { PageRefusal, plainPage } from '../../lib/plain-page';
import { PER_MINUTE } from '../../plugins/rate-limit';
import { logSecurityEvent } from '../../plugins/security-events';
import { type ExternalIdentity, pendingLinkCookie } from '../auth/public';
import type { Feature } from '../feature';
import { newHandover } from '../lti/public';
import { campusProvider } from './provider';
import { CALLBACK_PATH, startSignOn, stateCookieName, takeSignOn } from './sso-state';

/** What a person reads when a sign-on is refused: one plain sentence and what to do. */
export const SSO_REFUSALS = {
  badRequest: 'This sign-in answer is missing what Lectern needs. Start again from the login page.',
  staleState: 'This sign-in has expired or was already used. Start again from the login page.',
  otherBrowser: 'This sign-in was started in another browser window. Start again from the login page.',
  badAnswer:
    'Lectern could not verify the answer of your campus sign-on. Start again from the login page; if it keeps happening, tell your administrator.',
  providerDown: 'Lectern cannot reach your campus sign-on right now. Try again in a moment.',
  failed: 'Lectern could not sign you in. Try again in a moment.',
} as const;

export const LINK_OFFERED = {
  title: 'Link your campus sign-on',
  message:
    'An account with this address already exists in Lectern. Log in with its password once, in this browser, and your campus sign-on is linked to it from then on.',
};

const byIp = { keyGenerator: (req: { ip: string }) => `ip:${req.ip}` };
// A class signing in at the start of a lecture from one campus NAT: each sign-on a start and a callback.
const signOnLimit = {
  auth: 'public',
  rateLimit: { ...byIp, max: 3000, timeWindow: 5 * PER_MINUTE },
} as const;

const html = (reply: FastifyReply, status: number, page: string) =>
  reply.code(status).type('text/html; charset=utf-8').send(page);

/**
 * Campus single sign-on (issue 23): the authorization code flow with PKCE against the OpenID provider of
 * OIDC_ISSUER. The callback signs the person in with the one-time code a launch uses (/lti/enter), links
 * accounts by (issuer, sub) only, and offers an existing account holding the address a link after its
 * password (docs/decisions.md). Every refusal is a plain page and a security event.
 */
export const ssoRoutes =
  (settings: OidcConfig): Feature =>
  (app, deps) => {
    const provider = campusProvider(settings);
    const secure = deps.config.publicUrl.startsWith('https:');
    const redirectUri = `${deps.config.publicUrl}${CALLBACK_PATH}`;

    app.setErrorHandler((error, req, reply) => {
      const refusal =
        error instanceof PageRefusal ? error : new PageRefusal(500, 'error', SSO_REFUSALS.failed);
      if (!(error instanceof PageRefusal)) req.log.error({ err: error }, 'campus sign-on failed');
      logSecurityEvent(req, 'sso.refused', { reason: refusal.reason, status: refusal.status });
      return html(reply, refusal.status, plainPage('Lectern could not sign you in', refusal.message));
    });

    const reach = () =>
      provider().catch((error: unknown) => {
        throw new PageRefusal(502, `provider unreachable: ${String(error)}`, SSO_REFUSALS.providerDown);
      });

    app.get('/sso/login', { config: signOnLimit }, async (_req, reply) => {
      const config = await reach();
      const { state, nonce, codeChallenge, maxAgeSeconds } = await startSignOn(deps.db, deps.clock());
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        response_type: 'code',
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      // SameSite=Lax: the provider's redirect back is a top-level GET, which carries it.
      const cookie = `${stateCookieName(state)}=1; Path=${CALLBACK_PATH}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
      return reply.header('set-cookie', cookie).redirect(url.href, 302);
    });

    app.get(CALLBACK_PATH, { config: signOnLimit }, async (req, reply) => {
      const query = new URLSearchParams(req.url.split('?')[1] ?? '');
      const state = query.get('state');
      if (!state) throw new PageRefusal(400, 'no state', SSO_REFUSALS.badRequest);
      const cookie = stateCookieName(state);
      if (!hasCookie(req, cookie))
        throw new PageRefusal(403, 'state of another browser', SSO_REFUSALS.otherBrowser);
      const now = deps.clock();
      const signOn = await takeSignOn(deps.db, state, now);
      if (!signOn) throw new PageRefusal(403, 'stale or replayed state', SSO_REFUSALS.staleState);
      const config = await reach();

      const identity = await oidc
        .authorizationCodeGrant(config, new URL(`${redirectUri}?${query}`), {
          pkceCodeVerifier: signOn.codeVerifier,
          expectedState: state,
          expectedNonce: signOn.nonce,
          idTokenExpected: true,
        })
        .then((tokens) => identityOf(tokens.claims()))
        .catch((error: unknown) => {
          throw new PageRefusal(403, `answer refused: ${(error as Error).message}`, SSO_REFUSALS.badAnswer);
        });
      const clearState = `${cookie}=; Path=${CALLBACK_PATH}; Max-Age=0`;
      void reply.header('set-cookie', clearState);

      const linked = await app.auth.linkedAccount(deps.db, identity.issuer, identity.subject);
      const holder =
        !linked && identity.email ? await app.auth.findUserByEmail(deps.db, identity.email) : null;
      if (holder) {
        const offer = await app.auth.offerLink(deps.db, identity.issuer, identity.subject, holder.id);
        logSecurityEvent(req, 'sso.link.offered', { userId: holder.id });
        void reply.header('set-cookie', [
          clearState,
          pendingLinkCookie(offer.token, offer.maxAgeSeconds, secure),
        ]);
        return html(
          reply,
          200,
          plainPage(LINK_OFFERED.title, LINK_OFFERED.message, {
            href: '/login',
            text: 'Log in with your password',
          }),
        );
      }
      const user = linked ?? (await deps.db.transaction((tx) => app.auth.accountForIdentity(tx, identity)));
      logSecurityEvent(req, 'sso.login', { userId: user.id });
      const code = await newHandover(deps.db, user.id, '/', now);
      // The code travels in the fragment: browsers never send it to a server, so no log or Referer holds it.
      return reply.redirect(`/lti/enter#code=${code}`, 303);
    });
  };

/** Who the id_token says is here; the provider is trusted for an address it marks verified. */
function identityOf(claims: oidc.IDToken | undefined): ExternalIdentity {
  if (!claims) throw new Error('no id_token');
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
  return {
    issuer: claims.iss,
    subject: claims.sub,
    name: text(claims.name),
    email: text(claims.email)?.toLowerCase() ?? null,
    emailProven: claims.email_verified === true,
  };
}
