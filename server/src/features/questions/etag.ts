import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Answers 304 with no body when the client already holds this exact JSON (SECURITY §4: the 7 s poll of
 * 500 students mostly sees no change). The ETag covers the caller's whole answer, own vote included.
 */
export function sendWithEtag(req: FastifyRequest, reply: FastifyReply, body: unknown): FastifyReply {
  const json = JSON.stringify(body);
  const etag = `W/"${createHash('sha1').update(json).digest('base64url')}"`;
  reply.header('etag', etag);
  if (req.headers['if-none-match'] === etag) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(json);
}
