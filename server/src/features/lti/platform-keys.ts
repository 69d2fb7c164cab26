import { createLocalJWKSet, errors, type JSONWebKeySet, type JWTVerifyGetKey } from 'jose';

/** How long a platform's key set is trusted before it is asked again; an unknown `kid` asks at once. */
const KEYS_FRESH_MS = 60 * 60 * 1000;
/** No more than one refetch in this time, however many tokens name an unknown key. */
const REFETCH_COOLDOWN_MS = 30 * 1000;
const FETCH_TIMEOUT_MS = 5000;

async function fetchKeySet(jwksUrl: string): Promise<JSONWebKeySet> {
  const res = await fetch(jwksUrl, {
    headers: { accept: 'application/json, application/jwk-set+json' },
    redirect: 'error',
    signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
  });
  if (res.status !== 200) throw new Error(`The platform's JWKS answered ${res.status}`);
  return (await res.json()) as JSONWebKeySet;
}

/**
 * One platform's public keys: fetched on first use, cached, fetched again when an hour old or when a token
 * names a key not among them (at most once in REFETCH_COOLDOWN_MS, so forged `kid`s cannot make Lectern
 * hammer the platform). While the platform's JWKS endpoint is down, the keys last fetched still verify
 * tokens; a token signed with a key not among them fails as any unknown key does. Times are the app's
 * clock, so that tests can move them.
 */
function keySet(jwksUrl: string, now: () => number): JWTVerifyGetKey {
  let keys: JWTVerifyGetKey | undefined;
  let fetchedAt = -Infinity;
  let pending: Promise<void> | undefined;
  const reload = () =>
    (pending ??= fetchKeySet(jwksUrl)
      .then((set) => {
        keys = createLocalJWKSet(set);
        fetchedAt = now();
      })
      .finally(() => (pending = undefined)));
  const reloadKeepingOld = () =>
    reload().catch((error: unknown) => {
      if (!keys) throw error;
    });

  return async (header, token) => {
    if (!keys || now() - fetchedAt > KEYS_FRESH_MS) await reloadKeepingOld();
    try {
      return await keys!(header, token);
    } catch (error) {
      if (!(error instanceof errors.JWKSNoMatchingKey) || now() - fetchedAt < REFETCH_COOLDOWN_MS)
        throw error;
      await reloadKeepingOld();
      return keys!(header, token);
    }
  };
}

/** The key sets of every platform, by JWKS URL, for the life of the server. */
export function platformKeys(now: () => number): (jwksUrl: string) => JWTVerifyGetKey {
  const sets = new Map<string, JWTVerifyGetKey>();
  return (jwksUrl) => {
    let set = sets.get(jwksUrl);
    if (!set) sets.set(jwksUrl, (set = keySet(jwksUrl, now)));
    return set;
  };
}
