import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

// Writes <file>.br and <file>.gz beside each text asset of the build, which the server sends to browsers
// that accept them (@fastify/static preCompressed): compressed once at build time at the highest levels,
// never per request (issue 14). Small files and ones that do not shrink are left alone.

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|vtt)$/;
const MIN_BYTES = 1024;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
    );
}

async function precompressFile(file: string): Promise<void> {
  const source = await fs.promises.readFile(file);
  const [br, gz] = await Promise.all([
    brotli(source, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gzip(source, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  if (br.length < source.length) await fs.promises.writeFile(`${file}.br`, br);
  if (gz.length < source.length) await fs.promises.writeFile(`${file}.gz`, gz);
}

export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'lectern-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = filesUnder(outDir).filter(
        (file) => COMPRESSIBLE.test(file) && fs.statSync(file).size >= MIN_BYTES,
      );
      await Promise.all(files.map(precompressFile));
    },
  };
}
