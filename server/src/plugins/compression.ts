import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import zlib from 'node:zlib';

// API answers are compressed for browsers that accept it (issue 14: the lecture questions of a big class
// are 158 KB of JSON and 14.5 KB gzipped). Brotli at a low quality costs little CPU per answer; the web
// build's files are compressed once at build time instead (plugins/web.ts). Video, posters and the
// hijacked event stream and tus routes are never touched. Compressed request bodies are not accepted:
// a small upload must not inflate into a large one past the body limits.
const THRESHOLD_BYTES = 1024;

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    globalDecompression: false,
  });
}
