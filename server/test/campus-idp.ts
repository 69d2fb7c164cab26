import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

// A campus identity provider for the campus sign-on tests (issue 23): oidc-provider in process on a real
// port, every scope granted at login. An API test's `authorize` names who signs in, so a sign-on is three
// redirects it follows with a small cookie jar; a browser signs in on the provider's own login page, with
// the campus user name of someone the test `enrol`led.

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
  /** Makes `who` known to the login page, which signs in by campus user name (`sub`). */
  enrol(who: CampusPerson): void;
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

  /** The login page (GET), and its answer (POST): the person `authorize` named signs in at once. */
  async function finishInteraction(req: http.IncomingMessage, res: http.ServerResponse) {
    const named = next;
    next = undefined;
    if (named) people.set(named.sub, named);
    const who = named ?? (req.method === 'POST' ? people.get(await postedUser(req)) : undefined);
    if (!who) return void loginPage(res, req.method === 'POST' ? 'No such campus user.' : '');
    const details = await provider.interactionDetails(req, res);
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

  function loginPage(res: http.ServerResponse, error: string) {
    res.writeHead(error ? 401 : 200, { 'content-type': 'text/html; charset=utf-8' }).end(
      `<!doctype html><html lang="en"><title>Campus sign-in</title><main><h1>Campus sign-in</h1>
      ${error ? `<p role="alert">${error}</p>` : ''}
      <form method="post"><label>Campus user name <input name="user" autocomplete="username"></label>
      <button type="submit">Sign in</button></form></main></html>`,
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
    enrol: (who) => void people.set(who.sub, who),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function postedUser(req: http.IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of req) body += String(chunk);
  return new URLSearchParams(body).get('user') ?? '';
}
