import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import {
  BROTLI_OPTIONS,
  COMPRESS_THRESHOLD_BYTES,
  Representation,
  negotiateEncoding,
} from '../lib/representation';
import { RepresentationCache } from '../lib/representation-cache';

// API answers are compressed for browsers that accept it (issue 14: the lecture questions of a big class
// are 158 KB of JSON and 14.5 KB gzipped). The web build's files are compressed once at build time instead
// (plugins/web.ts). Video, posters and the hijacked event stream and tus routes are never touched.
// Compressed request bodies are not accepted: a small upload must not inflate into a large one past the
// body limits.

// JSON reads a class makes together (a course's answered questions, the watch page's reads) give many
// callers the very same bytes; each answer's codings are kept by a hash of its JSON (issue 27).
const KEPT_ANSWERS_BYTES = 32 * 1024 * 1024;

/**
 * The codings of a JSON read, made once per distinct answer and shared by every caller who gets the same
 * bytes: hashing an answer costs a few percent of compressing it. The key is the SHA-256 of the whole
 * answer, so only a caller whose answer is byte for byte the same gets the kept codings. Set before
 * @fastify/compress's own hook, which leaves an answer that has its Content-Encoding alone.
 */
function keepJsonReadCodings(app: FastifyInstance): void {
  const kept = new RepresentationCache(KEPT_ANSWERS_BYTES);
  app.addHook('onSend', async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (req.method !== 'GET' || typeof payload !== 'string' || payload.length < COMPRESS_THRESHOLD_BYTES)
      return payload;
    if (!String(reply.getHeader('content-type')).startsWith('application/json')) return payload;
    const encoding = negotiateEncoding(req.headers['accept-encoding']);
    if (encoding === 'identity') return payload;
    const hash = createHash('sha256').update(payload).digest('base64url');
    const answer = kept.get(hash, () => new Representation(Buffer.from(payload)));
    reply.header('content-encoding', encoding).header('vary', 'accept-encoding');
    return answer.bytes(encoding);
  });
}

export async function registerCompression(app: FastifyInstance): Promise<void> {
  keepJsonReadCodings(app);
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: BROTLI_OPTIONS,
    globalDecompression: false,
  });
}
