import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Representation, negotiateEncoding } from './representation';

// What a 304 carries (RFC 9110 §15.4.5: the ETag, Vary and Cache-Control a 200 would have sent) and what
// every response carries (SECURITY HDR-2); Cache-Control: no-store is added by the security headers' hook.
// The rest (the CSP and helmet's other page headers, the events position of a read) describes a body the
// client already holds: a poll's 304 is most of a class's requests, and those headers were ~900 of its
// ~1,000 bytes.
const NOT_MODIFIED_HEADERS: ReadonlySet<string> = new Set([
  'etag',
  'vary',
  'cache-control',
  'strict-transport-security',
  'x-content-type-options',
]);

function notModified(reply: FastifyReply): FastifyReply {
  for (const name of reply.raw.getHeaderNames())
    if (!NOT_MODIFIED_HEADERS.has(name)) reply.raw.removeHeader(name);
  for (const name of Object.keys(reply.getHeaders()))
    if (!NOT_MODIFIED_HEADERS.has(name)) reply.removeHeader(name);
  return reply.code(304).send();
}

/**
 * Answers 304 when the client already holds the answer `etag` names (SECURITY §4: the 7 s poll of a whole
 * class mostly sees no change), reading nothing more; otherwise sends the answer's ready bytes in the coding
 * the client prefers. `representation` is only asked for then. The route must opt out of the compression
 * plugin (`compress: false`): the bytes sent are already encoded.
 */
export async function sendRepresentation(
  req: FastifyRequest,
  reply: FastifyReply,
  etag: string,
  representation: () => Representation,
): Promise<FastifyReply> {
  reply.header('etag', etag).header('vary', 'accept-encoding');
  if (req.headers['if-none-match'] === etag) return notModified(reply);
  const answer = representation();
  const encoding = answer.encodingFor(negotiateEncoding(req.headers['accept-encoding']));
  const body = await answer.bytes(encoding);
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.type('application/json; charset=utf-8').send(body);
}
