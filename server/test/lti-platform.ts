import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import {
  createLocalJWKSet,
  type CryptoKey,
  exportJWK,
  generateKeyPair,
  type JSONWebKeySet,
  type JWK,
  jwtVerify,
  SignJWT,
} from 'jose';
import {
  acceptDeepLinkingResponse,
  type DeepLinkingSettings,
  type PlacedItem,
} from './lti-deep-linking-return';
import { AGS_SCOPE, referenceGradebook } from './lti-gradebook';

// A reference LTI 1.3 platform (an LMS), written from 1EdTech's LTI Core 1.3 and Security Framework 1.0 for
// Lectern's tests: its own RS256 keys published at a real JWKS URL, and the platform's side of the OIDC
// third-party login: it checks the authentication request Lectern sends the browser to (§5.1.1.2) exactly as
// a platform must, and answers with a signed id_token for the launch (§5.1.1.3): a resource link's, or a
// deep-linking request (Deep Linking 2.0), whose answer it checks as a platform must
// (lti-deep-linking-return.ts) before keeping the items, which it can then launch. Its services: a token
// endpoint checking Lectern's client assertion against Lectern's JWKS (Security Framework §4.1), and Names
// and Role Provisioning Services 2.0 (paged membership containers), and Assignment and Grade Services 2.0
// (lti-gradebook.ts), each with levers for bad answers. Nothing
// here trusts Lectern: a request a real platform would refuse, it refuses.

const LTI = 'https://purl.imsglobal.org/spec/lti/claim';
export const ROLE = {
  instructor: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor',
  teachingAssistant: 'http://purl.imsglobal.org/vocab/lis/v2/membership/Instructor#TeachingAssistant',
  learner: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Learner',
  institutionAdmin: 'http://purl.imsglobal.org/vocab/lis/v2/institution/person#Administrator',
};

const NRPS_SCOPE = 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly';
const NRPS_MEDIA_TYPE = 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json';
/** The scopes this platform grants Lectern (NRPS, AGS). */
const GRANTABLE = new Set([NRPS_SCOPE, ...Object.values(AGS_SCOPE)]);

/** A member of an LMS course as NRPS 2.0 §2.2 describes them. */
export interface RosterMember {
  user_id: string;
  roles: string[];
  status?: 'Active' | 'Inactive' | 'Deleted';
  name?: string;
  email?: string;
}

/** How the membership service misbehaves, for the tests of bad answers. */
export type RosterFault = 'malformed' | 'forever' | 'huge' | null;

/** Someone in the LMS, and where they launch from. */
export interface LmsPerson {
  sub: string;
  name?: string;
  email?: string;
  roles: string[];
  context?: { id: string; title?: string };
  custom?: Record<string, string>;
}

interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

async function newSigningKey(): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const kid = randomUUID();
  return { kid, privateKey, publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' } };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The form a platform's authentication endpoint answers with: posted to the tool as soon as it loads. */
const autoPostPage = (action: string, fields: Record<string, string>) => `<!doctype html>
<html><body><form method="post" action="${escapeHtml(action)}">${Object.entries(fields)
  .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
  .join('')}</form><script>document.forms[0].submit()</script></body></html>`;

export interface PlatformOptions {
  /** The app's clock, for the tokens' `iat` and `exp`. */
  clock?: () => Date;
  /**
   * The host name the platform's URLs use: `localhost` puts its pages on another site than a Lectern on
   * 127.0.0.1, as an LMS is (a browser then treats Lectern in its frame as third-party).
   */
  host?: '127.0.0.1' | 'localhost';
  /** Lectern's key set, as its JWKS URL answers (by default fetched from it). */
  toolKeys?: () => Promise<JSONWebKeySet>;
}

/** What a login initiation launches: a resource link (a kept item, or the course's own link) or a deep link. */
export type LmsMessage =
  { kind: 'resourceLink'; item?: number } | { kind: 'deepLinking'; settings?: Partial<DeepLinkingSettings> };

/** An item the platform kept from a deep-linking response, with the resource link id it launches as. */
export type KeptItem = PlacedItem & { resourceLinkId: string };

/**
 * The platform, with Lectern registered as a tool whose launch URL is `toolLaunchUrl` (its login
 * initiation URL is the same origin's /lti/login). Over HTTP: `/jwks`, the authentication endpoint `/auth`
 * (for the browser, answering with the auto-posted launch form), `/course/<context>?as=<sub>`, an LMS
 * course page that frames Lectern for one of its people (`&item=<n>` launches the n-th kept item,
 * `&add=1` asks Lectern for content by deep linking), and `/deep-link-return`, where the tool's
 * deep-linking response is posted.
 */
export async function startReferencePlatform(toolLaunchUrl: string, options: PlatformOptions = {}) {
  const { clock = () => new Date(), host = '127.0.0.1' } = options;
  const toolLoginUrl = new URL('/lti/login', toolLaunchUrl).href;
  const toolKeys =
    options.toolKeys ??
    (() => fetch(new URL('/lti/jwks', toolLaunchUrl)).then((r) => r.json() as Promise<JSONWebKeySet>));
  const people = new Map<string, LmsPerson>();
  /** The messages of the login initiations sent, by their lti_message_hint. */
  const hints = new Map<string, { sub: string; message: LmsMessage }>();
  const pending = new Map<string, DeepLinkingSettings>();
  const seenNonces = new Set<string>();
  const items: KeptItem[] = [];
  let keys = [await newSigningKey()];
  const rosters = new Map<string, RosterMember[]>();
  const accessTokens = new Map<string, { scopes: string[]; expiresAt: number }>();
  const seenJtis = new Set<string>();
  let rosterPageSize = 50;
  let rosterFault: RosterFault = null;
  let rosterReads = 0;
  let jwksUp = true;
  let jwksFetches = 0;
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', base);
    if (url.pathname === '/jwks') {
      jwksFetches += 1;
      if (!jwksUp) return void res.writeHead(503).end();
      res.writeHead(200, { 'content-type': 'application/json' });
      return void res.end(JSON.stringify({ keys: keys.map((k) => k.publicJwk) }));
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        platform.token(new URLSearchParams(body)).then(
          (answer) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer)),
          (error: Error) =>
            res
              .writeHead(error.message.startsWith('invalid_scope') ? 400 : 401, {
                'content-type': 'application/json',
              })
              .end(JSON.stringify({ error: error.message.split(':')[0] })),
        );
      });
      return;
    }
    const nrps = /^\/nrps\/([\w-]+)$/.exec(url.pathname);
    if (nrps) return platform.serveMembers(req, res, nrps[1]!, url);
    if (gradebook.serve(req, res, url)) return;
    const html = (status: number, body: string) =>
      void res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(body);
    if (url.pathname === '/auth') {
      const person = people.get(url.searchParams.get('login_hint') ?? '');
      if (!person) return html(400, 'invalid_request: unknown login_hint');
      platform.authorize(url.href, person).then(
        (form) => html(200, autoPostPage(toolLaunchUrl, form)),
        (error: Error) => html(400, escapeHtml(error.message)),
      );
      return;
    }
    if (url.pathname === '/deep-link-return' && req.method === 'POST') {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        platform.deepLinkReturn(new URLSearchParams(body).get('JWT') ?? '').then(
          (kept) =>
            html(
              200,
              `<!doctype html><html lang="en"><head><title>Content added · LMS</title></head><body><h1>Content added</h1><ul>${kept
                .map((item) => `<li>${escapeHtml(item.title ?? 'Untitled')}</li>`)
                .join('')}</ul></body></html>`,
            ),
          (error: Error) => html(400, escapeHtml(error.message)),
        );
      });
      return;
    }
    const course = /^\/course\/([\w-]+)$/.exec(url.pathname);
    const person = people.get(url.searchParams.get('as') ?? '');
    if (course && person && person.context?.id === course[1]) {
      const item = url.searchParams.get('item');
      const message: LmsMessage = url.searchParams.get('add')
        ? { kind: 'deepLinking' }
        : { kind: 'resourceLink', ...(item === null ? {} : { item: Number(item) }) };
      const frame = `${toolLoginUrl}?${new URLSearchParams(platform.initiation(person, message))}`;
      return html(
        200,
        `<!doctype html><html lang="en"><head><title>${escapeHtml(person.context!.title ?? '')} · LMS</title></head>` +
          `<body><h1>Reference LMS</h1><iframe title="Lectern" src="${escapeHtml(frame)}" width="1100" height="700" ` +
          `allow="camera; microphone; fullscreen"></iframe></body></html>`,
      );
    }
    res.writeHead(404).end();
  });
  // Every interface, so that `localhost` answers whether it resolves to 127.0.0.1 or ::1.
  await new Promise<void>((resolve) => server.listen(0, host === 'localhost' ? undefined : host, resolve));
  const base = `http://${host}:${(server.address() as AddressInfo).port}`;
  const gradebook = referenceGradebook(base, (bearer) => {
    const grant = accessTokens.get(bearer);
    return grant && grant.expiresAt > clock().getTime() ? grant.scopes : null;
  });

  const platform = {
    base,
    issuer: base,
    clientId: `lectern-${randomUUID()}`,
    deploymentId: 'deployment-1',
    authLoginUrl: `${base}/auth`,
    accessTokenUrl: `${base}/token`,
    jwksUrl: `${base}/jwks`,
    get jwksFetches() {
      return jwksFetches;
    },
    /** The LMS's gradebook (AGS 2.0): its line items, the scores received, and its levers. */
    gradebook,

    /** How many membership pages were served. */
    get rosterReads() {
      return rosterReads;
    },
    /** Every access token its token endpoint granted (a test checks none reaches Lectern's log). */
    get accessTokensGranted() {
      return [...accessTokens.keys()];
    },

    /**
     * Sets the members of an LMS course, as its membership service lists them: only then do its launches
     * offer the service (the `namesroleservice` claim), as an LMS offers it to tools given the scope.
     */
    setRoster(contextId: string, members: RosterMember[]) {
      rosters.set(contextId, members);
    },
    /** Members per page of the membership service. */
    setRosterPageSize(size: number) {
      rosterPageSize = size;
    },
    setRosterFault(fault: RosterFault) {
      rosterFault = fault;
    },
    /** The course's membership service URL, as the launch's `namesroleservice` claim names it. */
    membershipsUrl: (contextId: string) => `${base}/nrps/${contextId}`,

    /**
     * The token endpoint (Security Framework §4.1, RFC 7523): the client-credentials grant with a JWT client
     * assertion signed by one of Lectern's published keys, issued and subject Lectern's client id, for
     * this endpoint, unexpired, its `jti` never seen before. Throws the OAuth error it answers with.
     */
    async token(form: URLSearchParams) {
      if (form.get('grant_type') !== 'client_credentials') throw new Error('unsupported_grant_type');
      if (form.get('client_assertion_type') !== 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer')
        throw new Error('invalid_client: client_assertion_type');
      const assertion = form.get('client_assertion') ?? '';
      const { payload } = await jwtVerify(assertion, createLocalJWKSet(await toolKeys()), {
        algorithms: ['RS256'],
        issuer: platform.clientId,
        subject: platform.clientId,
        audience: platform.accessTokenUrl,
        currentDate: clock(),
        requiredClaims: ['exp', 'iat', 'jti'],
        maxTokenAge: '10m',
      }).catch((error: Error) => {
        throw new Error(`invalid_client: ${error.message}`);
      });
      if (seenJtis.has(payload.jti!)) throw new Error('invalid_client: jti used before');
      seenJtis.add(payload.jti!);
      const scopes = (form.get('scope') ?? '').split(' ').filter((s) => GRANTABLE.has(s));
      if (scopes.length === 0) throw new Error('invalid_scope');
      const accessToken = randomUUID();
      accessTokens.set(accessToken, { scopes, expiresAt: clock().getTime() + 3600_000 });
      return { access_token: accessToken, token_type: 'Bearer', expires_in: 3600, scope: scopes.join(' ') };
    },

    /**
     * The membership service (NRPS 2.0 §2): the course's members, a page at a time with `Link: rel="next"`,
     * to a bearer token granted its scope; or the fault tests asked for.
     */
    serveMembers(req: http.IncomingMessage, res: http.ServerResponse, contextId: string, url: URL) {
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
      const grant = accessTokens.get(bearer);
      if (!grant || grant.expiresAt <= clock().getTime()) return void res.writeHead(401).end();
      if (!grant.scopes.includes(NRPS_SCOPE)) return void res.writeHead(403).end();
      const members = rosters.get(contextId);
      if (!members) return void res.writeHead(404).end();
      rosterReads += 1;
      const page = Number(url.searchParams.get('page') ?? 0);
      const headers: Record<string, string> = { 'content-type': NRPS_MEDIA_TYPE };
      const next = (n: number) => `<${base}/nrps/${contextId}?page=${n}>; rel="next"`;
      if (rosterFault === 'malformed') return void res.writeHead(200, headers).end('{"members": "everyone"');
      if (rosterFault === 'huge') {
        // Ten megabytes of members, streamed without a length.
        res.writeHead(200, headers);
        res.write('{"members":[');
        const chunk = `${JSON.stringify({ user_id: 'x', roles: [ROLE.learner], name: 'x'.repeat(1000) })},`;
        for (let i = 0; i < 10_000 && !res.destroyed; i += 1) res.write(chunk);
        return void res.end('{"user_id":"y","roles":[]}]}');
      }
      const slice = members.slice(page * rosterPageSize, (page + 1) * rosterPageSize);
      if (rosterFault === 'forever' || (page + 1) * rosterPageSize < members.length)
        headers.link = next(page + 1);
      res.writeHead(200, headers);
      res.end(
        JSON.stringify({
          id: `${base}/nrps/${contextId}`,
          context: { id: contextId },
          members: rosterFault === 'forever' ? slice.slice(0, 1) : slice,
        }),
      );
    },

    /** Adds someone to the LMS: its authentication endpoint signs them in by their `sub` (the login hint). */
    enrol(person: LmsPerson) {
      people.set(person.sub, person);
    },

    /** The items kept from Lectern's deep-linking responses, in order. */
    items,

    /**
     * The query of the platform's own login initiation for this person (§5.1.1.1): the course's resource
     * link unless `message` says otherwise. The message hint names what the launch will be.
     */
    initiation(person: LmsPerson, message: LmsMessage = { kind: 'resourceLink' }): Record<string, string> {
      const hint = `${message.kind}:${person.context?.id ?? ''}:${randomUUID()}`;
      hints.set(hint, { sub: person.sub, message });
      return {
        iss: base,
        login_hint: person.sub,
        target_link_uri: toolLaunchUrl,
        client_id: platform.clientId,
        lti_deployment_id: platform.deploymentId,
        lti_message_hint: hint,
      };
    },

    /**
     * The platform's authentication endpoint: checks Lectern's request as §5.1.1.2 asks and answers with the
     * form it posts to the redirect_uri. Throws what the platform would answer with an error.
     */
    async authorize(authRequestUrl: string, person: LmsPerson, overrides: Record<string, unknown> = {}) {
      const url = new URL(authRequestUrl);
      if (`${url.origin}${url.pathname}` !== platform.authLoginUrl)
        throw new Error(`not our endpoint: ${url.href}`);
      const q = Object.fromEntries(url.searchParams);
      const expect = (name: string, value: string) => {
        if (q[name] !== value) throw new Error(`invalid_request: ${name} is ${q[name]}, not ${value}`);
      };
      expect('scope', 'openid');
      expect('response_type', 'id_token');
      expect('response_mode', 'form_post');
      expect('prompt', 'none');
      expect('client_id', platform.clientId);
      expect('redirect_uri', toolLaunchUrl);
      expect('login_hint', person.sub);
      const hinted = hints.get(q.lti_message_hint ?? '');
      if (hinted?.sub !== person.sub) throw new Error('invalid_request: lti_message_hint');
      if (!q.nonce || !q.state) throw new Error('invalid_request: nonce and state are required');
      const claims = platform.messageClaims(person, q.nonce, hinted.message);
      const idToken = await platform.sign({ ...claims, ...overrides });
      return { id_token: idToken, state: q.state };
    },

    /** The claims of the message a login initiation named: a deep-linking request, or a resource link. */
    messageClaims(person: LmsPerson, nonce: string, message: LmsMessage): Record<string, unknown> {
      if (message.kind === 'deepLinking') return platform.deepLinkingClaims(person, nonce, message.settings);
      const item = message.item === undefined ? undefined : items[message.item];
      if (message.item !== undefined && !item) throw new Error(`invalid_request: no item ${message.item}`);
      const claims = platform.launchClaims(item ? { ...person, custom: item.custom } : person, nonce);
      if (item) claims[`${LTI}/resource_link`] = { id: item.resourceLinkId, title: item.title };
      return claims;
    },

    /**
     * The claims of a deep-linking request (Deep Linking 2.0 §4.4) for the person: the platform keeps its
     * settings, by a fresh `data`, until the answer comes back.
     */
    deepLinkingClaims(
      person: LmsPerson,
      nonce: string,
      overrides: Partial<DeepLinkingSettings> = {},
    ): Record<string, unknown> {
      const settings: DeepLinkingSettings = {
        deep_link_return_url: `${base}/deep-link-return`,
        accept_types: ['ltiResourceLink'],
        accept_presentation_document_targets: ['iframe', 'window'],
        accept_multiple: false,
        data: randomUUID(),
        title: 'Add from Lectern',
        ...overrides,
      };
      if (settings.data) pending.set(settings.data, settings);
      const claims = platform.launchClaims(person, nonce);
      delete claims[`${LTI}/resource_link`];
      return {
        ...claims,
        [`${LTI}/message_type`]: 'LtiDeepLinkingRequest',
        'https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings': settings,
      };
    },

    /** The deep-linking return URL's work: checks Lectern's response and keeps its items. */
    async deepLinkReturn(jwt: string): Promise<KeptItem[]> {
      const placed = await acceptDeepLinkingResponse(jwt, {
        clientId: platform.clientId,
        issuer: base,
        deploymentId: platform.deploymentId,
        toolKeys: await toolKeys(),
        now: clock(),
        seenNonces,
        pending,
      });
      const kept = placed.map((item) => ({ ...item, resourceLinkId: randomUUID() }));
      items.push(...kept);
      return kept;
    },

    /** The claims of a resource-link launch (§5.3) for the person. */
    launchClaims(person: LmsPerson, nonce: string): Record<string, unknown> {
      return {
        sub: person.sub,
        nonce,
        ...(person.name ? { name: person.name } : {}),
        ...(person.email ? { email: person.email } : {}),
        [`${LTI}/message_type`]: 'LtiResourceLinkRequest',
        [`${LTI}/version`]: '1.3.0',
        [`${LTI}/deployment_id`]: platform.deploymentId,
        [`${LTI}/target_link_uri`]: toolLaunchUrl,
        [`${LTI}/resource_link`]: { id: `link-${person.context?.id ?? 'none'}` },
        [`${LTI}/roles`]: person.roles,
        ...(person.context ? { [`${LTI}/context`]: person.context } : {}),
        ...(person.context && rosters.has(person.context.id)
          ? {
              'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice': {
                context_memberships_url: platform.membershipsUrl(person.context.id),
                service_versions: ['2.0'],
              },
            }
          : {}),
        ...(person.context ? gradebook.endpointClaim(person.context.id) : {}),
        ...(person.custom ? { [`${LTI}/custom`]: person.custom } : {}),
      };
    },

    /** An id_token signed with the platform's newest key (or `key`), issued now for Lectern's client id. */
    async sign(claims: Record<string, unknown>, key: SigningKey = keys.at(-1)!): Promise<string> {
      const now = Math.floor(clock().getTime() / 1000);
      return new SignJWT({ iss: base, aud: platform.clientId, iat: now, exp: now + 300, ...claims })
        .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' })
        .sign(key.privateKey);
    },

    /** A key pair nobody published, for forged tokens. */
    stranger: () => newSigningKey(),
    /** Adds a new key (a rotation): published at once, signing from now on. */
    async rotate() {
      keys = [...keys, await newSigningKey()];
    },
    setJwksUp(up: boolean) {
      jwksUp = up;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return platform;
}

export type ReferencePlatform = Awaited<ReturnType<typeof startReferencePlatform>>;
