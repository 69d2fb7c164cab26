import { randomUUID } from 'node:crypto';
import { desc, gt, isNull, or } from 'drizzle-orm';
import { exportJWK, generateKeyPair, importJWK, type JWK, type JSONWebKeySet } from 'jose';
import type { DbOrTx } from '../../db/client';
import { ltiToolKeys } from '../../db/schema';

const ALG = 'RS256';
/** A retired key stays published this long, so that what it signed can still be checked (rotation overlap). */
export const RETIRED_KEY_PUBLISHED_MS = 7 * 24 * 60 * 60 * 1000;

async function newKey(db: DbOrTx): Promise<typeof ltiToolKeys.$inferSelect> {
  const { publicKey, privateKey } = await generateKeyPair(ALG, { extractable: true });
  const kid = randomUUID();
  const [row] = await db
    .insert(ltiToolKeys)
    .values({
      kid,
      privateJwk: { ...(await exportJWK(privateKey)), kid, alg: ALG },
      publicJwk: { ...(await exportJWK(publicKey)), kid, alg: ALG, use: 'sig' },
    })
    .returning();
  return row!;
}

/**
 * Lectern's JWKS: its current keys (one is made on first use) and those retired less than
 * RETIRED_KEY_PUBLISHED_MS ago. The newest signs what Lectern sends platforms (deep-linking answers,
 * service client assertions).
 */
export async function publishedKeys(db: DbOrTx, now: Date): Promise<JSONWebKeySet> {
  const since = new Date(now.getTime() - RETIRED_KEY_PUBLISHED_MS);
  const rows = await db
    .select({ jwk: ltiToolKeys.publicJwk })
    .from(ltiToolKeys)
    .where(or(isNull(ltiToolKeys.retiredAt), gt(ltiToolKeys.retiredAt, since)))
    .orderBy(desc(ltiToolKeys.createdAt));
  if (rows.length === 0) rows.push({ jwk: (await newKey(db)).publicJwk });
  return { keys: rows.map((r) => r.jwk as JWK) };
}

/** The key Lectern signs with now (the newest current one, made on first use), and its `kid`. */
export async function signingKey(db: DbOrTx) {
  const [row] = await db
    .select()
    .from(ltiToolKeys)
    .where(isNull(ltiToolKeys.retiredAt))
    .orderBy(desc(ltiToolKeys.createdAt))
    .limit(1);
  const key = row ?? (await newKey(db));
  return { kid: key.kid, alg: ALG, privateKey: await importJWK(key.privateJwk as JWK, ALG) };
}

/** Retires every current key and makes a new one, which signs from now on; the old stay published a week. */
export async function rotateKeys(db: DbOrTx, now: Date): Promise<string> {
  await db.update(ltiToolKeys).set({ retiredAt: now }).where(isNull(ltiToolKeys.retiredAt));
  return (await newKey(db)).kid;
}
