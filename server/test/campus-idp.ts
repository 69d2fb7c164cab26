import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

// A campus identity provider for the campus sign-on tests (issue 23): oidc-provider in process on a real
// port. Its login page is replaced by one that signs in whoever the test names next (`signInAs`), with
// every scope granted, so a sign-on is three redirects a test follows with a small cookie jar.

export interface CampusPerson {
  sub: string;
  name: string;
  email: string;
  emailVerified: boolean;
}

export interface CampusIdp {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Follows the provider's redirects for `who` from Lectern's authorization URL to Lectern's callback URL. */
  authorize(authorizationUrl: string, who: CampusPerson): Promise<URL>;
  close(): Promise<void>;
}

export async function startCampusIdp(redirectUri: string): Promise<CampusIdp> {
  const people = new Map<string, CampusPerson>();
  let next: CampusPerson | undefined;
  const server = http.createServer((req, res) => {
    if (req.url?.startsWith('/interaction/')) void finishInteraction(req, res);
    else void provider.callback()(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const client = { clientId: 'lectern', clientSecret: 'campus-secret-of-lectern-0123456789' };

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    cookies: { keys: ['campus-idp-test-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // The scopes' claims in the id_token itself, as campus providers commonly send them.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    pkce: { required: () => true },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
    },
    findAccount: (_ctx, sub) => {
      const person = people.get(sub);
      return person
        ? {
            accountId: sub,
            claims: () => ({
              sub,
              name: person.name,
              email: person.email,
              email_verified: person.emailVerified,
            }),
          }
        : undefined;
    },
  });

  async function finishInteraction(req: http.IncomingMessage, res: http.ServerResponse) {
    const details = await provider.interactionDetails(req, res);
    const who = next!;
    people.set(who.sub, who);
    const grant = new provider.Grant({ accountId: who.sub, clientId: client.clientId });
    grant.addOIDCScope(String(details.params.scope));
    const grantId = await grant.save();
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: who.sub }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  }

  async function authorize(authorizationUrl: string, who: CampusPerson): Promise<URL> {
    next = who;
    const jar = new Map<string, string>();
    let url = new URL(authorizationUrl);
    for (let hop = 0; hop < 10; hop += 1) {
      if (url.href.startsWith(redirectUri)) return url;
      const res = await fetch(url, {
        redirect: 'manual',
        headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') },
      });
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const at = pair!.indexOf('=');
        jar.set(pair!.slice(0, at), pair!.slice(at + 1));
      }
      const location = res.headers.get('location');
      if (!location) throw new Error(`the provider answered ${res.status}: ${await res.text()}`);
      url = new URL(location, url);
    }
    throw new Error('the provider kept redirecting');
  }

  return {
    issuer,
    ...client,
    authorize,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
