import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import type { DbOrTx } from '../../db/client';
import { CLAIM, DEEP_LINKING_RESPONSE, LTI_VERSION, RESOURCE_LINK_ITEM } from './lti-claims';
import { signingKey } from './tool-keys';

/** A platform must receive the answer within this time (it checks `exp`). */
const RESPONSE_TTL_SECONDS = 5 * 60;

/** An `ltiResourceLink` content item (Deep Linking 2.0 §3.1): launched at `url` with `custom`. */
export interface ResourceLinkItem {
  title: string;
  url: string;
  custom: Record<string, string>;
}

export interface DeepLinkingAnswer {
  clientId: string;
  platformIssuer: string;
  deploymentId: string;
  data: string | null;
  items: ResourceLinkItem[];
}

/**
 * The LtiDeepLinkingResponse JWT (Deep Linking 2.0 §4.5), signed with Lectern's current key (its `kid` in
 * the header, the key at /lti/jwks): issued by the client id, for the platform's issuer, with a fresh nonce,
 * the deployment and the request's `data` echoed.
 */
export async function signDeepLinkingResponse(db: DbOrTx, answer: DeepLinkingAnswer, now: Date) {
  const key = await signingKey(db);
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({
    nonce: randomUUID(),
    [CLAIM.messageType]: DEEP_LINKING_RESPONSE,
    [CLAIM.version]: LTI_VERSION,
    [CLAIM.deploymentId]: answer.deploymentId,
    [CLAIM.contentItems]: answer.items.map((item) => ({ type: RESOURCE_LINK_ITEM, ...item })),
    ...(answer.data === null ? {} : { [CLAIM.data]: answer.data }),
  })
    .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: 'JWT' })
    .setIssuer(answer.clientId)
    .setAudience(answer.platformIssuer)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + RESPONSE_TTL_SECONDS)
    .sign(key.privateKey);
}
