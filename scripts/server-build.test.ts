import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM shared with scripts/start.mjs (no declarations)
import { ensureServerBuild } from './lib/server-build.mjs';

// The server bundle `npm start` runs (issue 14, start): the npm packages are in it, and what the code
// imports with import() (the embedded database's driver, nodemailer, the tus server) is in chunks that a
// start does not read. A static import of one of them anywhere would quietly put it back into every start.

/** The files a start reads: the entry and every chunk it imports statically, transitively. */
function readAtStart(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const source = fs.readFileSync(file, 'utf8');
  for (const [, specifier] of source.matchAll(/^import\s(?:[^'"]*?\sfrom\s)?"(\.[^"]+)"/gm))
    readAtStart(path.resolve(path.dirname(file), specifier!), seen);
  return seen;
}

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
  it('holds the packages a start needs and leaves those loaded on demand to chunks of their own', async () => {
    const entry = (await ensureServerBuild()) as string;
    const atStart = readAtStart(entry);
    const packages = packagesIn(atStart);
    expect(packages).toContain('fastify');
    expect(packages).toContain('zod');
    for (const onDemand of ['nodemailer', '@tus/server', 'srvx']) expect(packages).not.toContain(onDemand);
    // PGlite reads its own files, so it stays an import: in a chunk imported only for the embedded database.
    const importsPglite = (file: string) =>
      fs.readFileSync(file, 'utf8').includes('from "@electric-sql/pglite"');
    expect([...atStart].filter(importsPglite)).toEqual([]);
    const chunks = path.join(path.dirname(entry), 'chunks');
    const all = fs.readdirSync(chunks).filter((name) => name.endsWith('.js'));
    expect(all.some((name) => importsPglite(path.join(chunks, name)))).toBe(true);
  });
});
