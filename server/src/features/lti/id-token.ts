import { errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { z } from 'zod';
import { CLAIM, DEEP_LINKING_REQUEST, LTI_VERSION, RESOURCE_LINK_REQUEST } from './lti-claims';
import { LTI_REFUSALS, LtiRefusal } from './lti-refusal';
import type { PlatformRow } from './platforms.repository';

/** Clock skew allowed between the platform and Lectern for `exp`, `iat` and `nbf`. */
const SKEW_SECONDS = 60;
/** An id_token older than this (by `iat`) is refused, whatever its `exp` says. */
const MAX_TOKEN_AGE_SECONDS = 10 * 60;

const text = z.string().min(1).max(1024);
const context = z.object({
  id: text,
  title: z.string().max(1024).optional(),
  label: z.string().max(1024).optional(),
});
/** The claims Lectern reads of every launch (LTI Core 1.3 §5.3, §5.4). */
const CommonClaims = z.object({
  sub: text,
  nonce: text,
  name: z.string().max(400).optional(),
  given_name: z.string().max(200).optional(),
  family_name: z.string().max(200).optional(),
  email: z.email().max(320).optional(),
  [CLAIM.version]: z.literal(LTI_VERSION),
  [CLAIM.deploymentId]: text,
  [CLAIM.roles]: z.array(z.string().max(1024)).max(100),
  [CLAIM.custom]: z.record(z.string(), z.unknown()).optional(),
  /** Read by memberships.ts, which ignores a claim it cannot use. */
  [CLAIM.namesRoleService]: z.unknown().optional(),
  /** Read by grade-service.ts, which ignores a claim it cannot use. */
  [CLAIM.agsEndpoint]: z.unknown().optional(),
});
/** A resource link's launch: always from an LMS course (its context). */
const ResourceLinkClaims = CommonClaims.extend({
  [CLAIM.messageType]: z.literal(RESOURCE_LINK_REQUEST),
  [CLAIM.resourceLink]: z.object({ id: text, title: z.string().max(1024).optional() }),
  [CLAIM.context]: context,
});
/**
 * A deep-linking request (Deep Linking 2.0 §4.4): its settings are read by deep-linking.ts, which names
 * what is wrong with them; the context is optional there.
 */
const DeepLinkingClaims = CommonClaims.extend({
  [CLAIM.messageType]: z.literal(DEEP_LINKING_REQUEST),
  [CLAIM.context]: context.optional(),
  [CLAIM.deepLinkingSettings]: z.unknown(),
});
const LaunchClaims = z.discriminatedUnion(CLAIM.messageType, [ResourceLinkClaims, DeepLinkingClaims]);
export type ResourceLinkClaims = z.infer<typeof ResourceLinkClaims>;
export type DeepLinkingClaims = z.infer<typeof DeepLinkingClaims>;

export const isDeepLinkingRequest = (claims: LaunchClaims): claims is DeepLinkingClaims =>
  claims[CLAIM.messageType] === DEEP_LINKING_REQUEST;
export type LaunchClaims = z.infer<typeof LaunchClaims>;

/**
 * Checks a launch's id_token as the Security Framework 1.0 (§5.1.3) asks: signed with one of the platform's
 * keys (RS256), issued by it, for Lectern's client id (`aud`, and `azp` when present or when there are
 * several audiences), not expired and not older than ten minutes (a minute of skew), carrying the nonce of
 * this login; then that it is an LTI 1.3 resource-link launch or deep-linking request for a known deployment.
 */
export async function verifyLaunchToken(
  idToken: string,
  platform: PlatformRow,
  keys: JWTVerifyGetKey,
  nonce: string,
  now: Date,
): Promise<LaunchClaims> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(idToken, keys, {
      issuer: platform.issuer,
      audience: platform.clientId,
      algorithms: ['RS256'],
      currentDate: now,
      clockTolerance: SKEW_SECONDS,
      maxTokenAge: MAX_TOKEN_AGE_SECONDS,
      requiredClaims: ['sub', 'nonce', 'exp', 'iat'],
    }));
  } catch (error) {
    const reason = error instanceof errors.JOSEError ? error.code : 'unreadable';
    throw new LtiRefusal(401, `id_token: ${reason}`, LTI_REFUSALS.badToken);
  }
  const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  if ((audiences.length > 1 || payload.azp !== undefined) && payload.azp !== platform.clientId)
    throw new LtiRefusal(401, 'id_token: azp', LTI_REFUSALS.badToken);
  if (payload.nonce !== nonce) throw new LtiRefusal(401, 'id_token: nonce', LTI_REFUSALS.badToken);

  const messageType = payload[CLAIM.messageType];
  if (
    (messageType !== RESOURCE_LINK_REQUEST && messageType !== DEEP_LINKING_REQUEST) ||
    payload[CLAIM.version] !== LTI_VERSION
  )
    throw new LtiRefusal(400, 'message type or version', LTI_REFUSALS.unsupportedMessage);
  const claims = LaunchClaims.safeParse(payload);
  if (!claims.success) throw new LtiRefusal(400, 'claims', LTI_REFUSALS.badRequest);
  if (!platform.deploymentIds.includes(claims.data[CLAIM.deploymentId]))
    throw new LtiRefusal(403, 'deployment', LTI_REFUSALS.unknownDeployment);
  return claims.data;
}
