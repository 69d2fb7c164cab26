import { createLocalJWKSet, type JSONWebKeySet, jwtVerify } from 'jose';

// The platform's side of Deep Linking 2.0 (1EdTech LTI Deep Linking 2.0, §4.5, and Security Framework
// 1.0 §5.2 on messages from the tool), for the reference platform (lti-platform.ts): it checks a tool's
// LtiDeepLinkingResponse exactly as a platform must before it keeps a single item.

const LTI = 'https://purl.imsglobal.org/spec/lti/claim';
const LTI_DL = 'https://purl.imsglobal.org/spec/lti-dl/claim';

/** What the platform sent in its deep-linking request, kept until the answer comes back. */
export interface DeepLinkingSettings {
  deep_link_return_url: string;
  accept_types: string[];
  accept_presentation_document_targets: string[];
  accept_multiple?: boolean;
  data?: string;
  title?: string;
}

/** A content item the platform keeps and can launch. */
export interface PlacedItem {
  type: string;
  title?: string;
  url?: string;
  custom?: Record<string, string>;
}

export interface ExpectedResponse {
  /** The tool's client id: the response's `iss`. */
  clientId: string;
  /** The platform's issuer: the response's `aud`. */
  issuer: string;
  deploymentId: string;
  /** The tool's published keys (its JWKS URL's answer). */
  toolKeys: JSONWebKeySet;
  now: Date;
  /** Nonces of responses already accepted: a response is taken once. */
  seenNonces: Set<string>;
  /** The settings of the requests awaiting an answer, by their `data`. */
  pending: Map<string, DeepLinkingSettings>;
}

/**
 * Checks a deep-linking response JWT and answers the items to keep, or throws what the platform would
 * answer with an error: the signature against the tool's JWKS (RS256, the key its `kid` names), `iss` the
 * client id, `aud` the platform, `exp`/`iat` (five minutes old at most), a nonce not seen before, the message
 * type and version, the deployment, the request's `data` echoed (which names the pending request, taken
 * once), and items of types the request accepted, one only unless it accepted several.
 */
export async function acceptDeepLinkingResponse(
  jwt: string,
  expected: ExpectedResponse,
): Promise<PlacedItem[]> {
  const { payload } = await jwtVerify(jwt, createLocalJWKSet(expected.toolKeys), {
    issuer: expected.clientId,
    audience: expected.issuer,
    algorithms: ['RS256'],
    currentDate: expected.now,
    maxTokenAge: 300,
    requiredClaims: ['iat', 'exp', 'nonce'],
  });
  const nonce = String(payload.nonce);
  if (expected.seenNonces.has(nonce)) throw new Error('invalid_request: nonce already used');
  if (payload[`${LTI}/message_type`] !== 'LtiDeepLinkingResponse')
    throw new Error('invalid_request: message_type');
  if (payload[`${LTI}/version`] !== '1.3.0') throw new Error('invalid_request: version');
  if (payload[`${LTI}/deployment_id`] !== expected.deploymentId)
    throw new Error('invalid_request: deployment_id');
  const data = payload[`${LTI_DL}/data`];
  const request = typeof data === 'string' ? expected.pending.get(data) : undefined;
  if (!request) throw new Error('invalid_request: data does not echo a pending request');
  const items = payload[`${LTI_DL}/content_items`] ?? [];
  if (!Array.isArray(items)) throw new Error('invalid_request: content_items');
  if (items.length > 1 && !request.accept_multiple) throw new Error('invalid_request: one item only');
  for (const item of items as PlacedItem[])
    if (!request.accept_types.includes(item.type)) throw new Error(`invalid_request: type ${item.type}`);
  expected.seenNonces.add(nonce);
  expected.pending.delete(data as string);
  return items as PlacedItem[];
}
