import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { BROTLI_OPTIONS, COMPRESS_THRESHOLD_BYTES } from '../lib/representation';

// API answers are compressed for browsers that accept it (issue 14: the lecture questions of a big class
// are 158 KB of JSON and 14.5 KB gzipped), with the codings and settings of the answers kept ready by the
// hot reads (lib/representation.ts, issue 27), which opt out of this plugin. The web build's files are
// compressed once at build time instead (plugins/web.ts). Video, posters and the hijacked event stream and
// tus routes are never touched. Compressed request bodies are not accepted: a small upload must not
// inflate into a large one past the body limits.
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: BROTLI_OPTIONS,
    globalDecompression: false,
  });
}
