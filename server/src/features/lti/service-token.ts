import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import type { PlatformRow } from './platforms.repository';
import { signingKey } from './tool-keys';

// The access token of the LTI Advantage services (NRPS, AGS): OAuth 2 client-credentials grant with a JWT
// client assertion signed by Lectern's current tool key (1EdTech Security Framework 1.0 §4.1, RFC 7523).

export const CLIENT_ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
const FETCH_TIMEOUT_MS = 10_000;
/** A token answer is a few hundred bytes; anything past this is refused unread. */
export const MAX_TOKEN_ANSWER_BYTES = 16 * 1024;
/** The assertion is good this long: only for the request it is made for. */
const ASSERTION_TTL_S = 300;
/** A cached token is given up this long before the platform says it expires. */
const EARLY_MS = 60_000;

const TokenAnswer = z.object({
  access_token: z.string().min(1).max(8192),
  token_type: z.string().regex(/^bearer$/i),
  expires_in: z
    .number()
    .int()
    .positive()
    .max(86_400 * 30)
    .optional(),
  scope: z.string().max(4096).optional(),
});

/** A service call the platform refused or answered wrongly: the message says what, never a secret. */
export class ServiceError extends Error {}

/** Reads a response's body, refusing it past `maxBytes` (by its length header, or as it streams in). */
export async function boundedText(res: Response, maxBytes: number): Promise<string> {
  const declared = Number(res.headers.get('content-length') ?? 0);
  if (declared > maxBytes) {
    await res.body?.cancel();
    throw new ServiceError(`answer of ${declared} bytes, more than ${maxBytes}`);
  }
  const reader = res.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new ServiceError(`answer longer than ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The JSON answer as `schema` reads it; else a ServiceError saying which of the two it is not. */
export function parseAnswer<T>(
  text: string,
  schema: z.ZodType<T>,
  errors: { notJson: string; wrongShape: string },
): T {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ServiceError(errors.notJson);
  }
  const answer = schema.safeParse(json);
  if (!answer.success) throw new ServiceError(errors.wrongShape);
  return answer.data;
}

/** The signed client assertion for the platform's token endpoint (Security Framework §4.1.1). */
export async function clientAssertion(db: DbOrTx, platform: PlatformRow, now: Date): Promise<string> {
  const key = await signingKey(db);
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: 'JWT' })
    .setIssuer(platform.clientId)
    .setSubject(platform.clientId)
    .setAudience(platform.accessTokenUrl)
    .setJti(randomUUID())
    .setIssuedAt(iat)
    .setExpirationTime(iat + ASSERTION_TTL_S)
    .sign(key.privateKey);
}

async function requestToken(db: DbOrTx, platform: PlatformRow, scopes: readonly string[], now: Date) {
  const body = new URLSearchParams({
    grant_type: 'client_credentials',
    client_assertion_type: CLIENT_ASSERTION_TYPE,
    client_assertion: await clientAssertion(db, platform, now),
    scope: scopes.join(' '),
  });
  const res = await fetch(platform.accessTokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body,
    redirect: 'error',
    signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
  });
  const text = await boundedText(res, MAX_TOKEN_ANSWER_BYTES);
  if (res.status !== 200) throw new ServiceError(`the token endpoint answered ${res.status}`);
  return parseAnswer(text, TokenAnswer, {
    notJson: 'the token endpoint answered with no JSON',
    wrongShape: 'the token endpoint answered with no bearer token',
  });
}

/**
 * Service tokens, cached per (platform, scope set) until a minute before they expire (an hour when the
 * platform does not say). Times are the app's clock.
 */
export function serviceTokens(db: DbOrTx, clock: () => Date) {
  const cache = new Map<string, { token: string; until: number }>();
  return {
    async token(platform: PlatformRow, scopes: readonly string[]): Promise<string> {
      const key = `${platform.id} ${[...scopes].sort().join(' ')}`;
      const now = clock();
      const cached = cache.get(key);
      if (cached && cached.until > now.getTime()) return cached.token;
      const answer = await requestToken(db, platform, scopes, now);
      const lifeMs = (answer.expires_in ?? 3600) * 1000;
      cache.set(key, {
        token: answer.access_token,
        until: now.getTime() + lifeMs - Math.min(EARLY_MS, lifeMs / 2),
      });
      return answer.access_token;
    },
    /** Forgets a token the platform refused (401), so that the next call asks for a new one. */
    forget(platform: PlatformRow, scopes: readonly string[]) {
      cache.delete(`${platform.id} ${[...scopes].sort().join(' ')}`);
    },
  };
}

export type ServiceTokens = ReturnType<typeof serviceTokens>;

const SERVICE_TIMEOUT_MS = 15_000;

/**
 * A request to one of the platform's services with a bearer token for `scopes`; a token the platform no
 * longer honours (401) is forgotten and the request made once more with a new one.
 */
export async function serviceFetch(
  tokens: ServiceTokens,
  platform: PlatformRow,
  scopes: readonly string[],
  url: string,
  init: { method?: 'GET' | 'POST'; accept: string; contentType?: string; body?: string },
): Promise<Response> {
  const send = async () =>
    fetch(url, {
      method: init.method ?? 'GET',
      headers: {
        accept: init.accept,
        authorization: `Bearer ${await tokens.token(platform, scopes)}`,
        ...(init.contentType ? { 'content-type': init.contentType } : {}),
      },
      body: init.body,
      redirect: 'error',
      signal: AbortSignal.timeout(SERVICE_TIMEOUT_MS),
    });
  const res = await send();
  if (res.status !== 401) return res;
  await res.body?.cancel();
  tokens.forget(platform, scopes);
  return send();
}
