import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Answers 304 with no body when the client already holds the answer this ETag names (SECURITY §4: the 7 s
 * poll of a whole class mostly sees no change); the body, JSON text, is only made otherwise.
 */
export function sendWithEtag(
  req: FastifyRequest,
  reply: FastifyReply,
  etag: string,
  body: () => Buffer | string,
): FastifyReply {
  reply.header('etag', etag);
  if (req.headers['if-none-match'] === etag) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(body());
}
