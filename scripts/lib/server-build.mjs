// The server as production runs it: server/src, the shared workspace and the npm packages they import,
// bundled by esbuild into one JavaScript file (server/dist/main.js, git-ignored). Node then loads plain
// JavaScript from one file, with no TypeScript compiler and no module resolution at start: resolving and
// reading ~660 package files took ~0.1 s of the start on PostgreSQL (issue 14).
import fs from 'node:fs';
import path from 'node:path';
import { isStale } from './freshness.mjs';
import { root } from './project-env.mjs';

export const serverEntry = path.join(root, 'server/dist/main.js');
const chunkDir = path.join(path.dirname(serverEntry), 'chunks');
/** Makes the embedded database's template (scripts/lib/pglite-template.mjs). */
export const templateEntry = path.join(root, 'server/dist/pglite-template.js');
// package-lock.json: an install that changes a package changes the lock, and the bundle holds the package.
const sources = [
  'server/src',
  'shared/src',
  'server/package.json',
  'shared/package.json',
  'package-lock.json',
].map((p) => path.join(root, p));

/**
 * Packages left as imports, loaded from node_modules at run time:
 * - those that read their own files: PGlite its WebAssembly and data files, argon2 its native addon,
 *   @ffmpeg-installer the binary of its platform's package; pg-native, pg's optional native driver, is not
 *   installed at all (pg requires it only when asked for);
 * - those only loaded on demand, never at start, so that start does not parse them (~1 MB, ~10 ms):
 *   Fastify's default schema compilers and Ajv (app.ts gives Fastify zod's instead) and light-my-request
 *   (Fastify's `inject`, used by tests); and those our code imports with import() on first use, the mailer
 *   and the tus server: loaded from node_modules then, not from a chunk of ours, which a later build of a
 *   checkout that another, still running, instance was started from could have deleted (see below).
 */
const external = [
  '@electric-sql/pglite',
  'argon2',
  '@ffmpeg-installer/ffmpeg',
  'pg-native',
  '@fastify/ajv-compiler',
  '@fastify/fast-json-stringify-compiler',
  'ajv',
  'light-my-request',
  'nodemailer',
  '@tus/server',
  '@tus/file-store',
];

/** Bundles the server when its sources (or this script) are newer than the bundle; returns its path. */
export async function ensureServerBuild() {
  if (!isStale(serverEntry, [...sources, import.meta.filename])) return serverEntry;
  console.log('Building the server…');
  // Loaded only when building: a start with a fresh bundle never pays for esbuild.
  const esbuild = await import('esbuild');
  const { outputFiles } = await esbuild.build({
    entryPoints: {
      main: path.join(root, 'server/src/main.ts'),
      'pglite-template': path.join(root, 'server/src/db/template-cli.ts'),
    },
    outdir: path.dirname(serverEntry),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external,
    // What the code imports with import() (the embedded database's driver, while starting) becomes a
    // chunk of its own, read only when imported: PGlite's own static imports stay out of a PostgreSQL start.
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    // The packages' CommonJS modules call require(), which an ES module lacks: give them Node's.
    banner: {
      js: "import { createRequire as createRequireForPackages } from 'node:module'; const require = createRequireForPackages(import.meta.url);",
    },
    // The packages' licence notices (/*! … */, @license) are kept, gathered at the end of the bundle.
    legalComments: 'eof',
    sourcemap: 'linked',
    write: false,
    logLevel: 'warning',
  });
  // The build's esbuild process (~200 MB) would otherwise live on beside the server `npm start` runs.
  await esbuild.stop();
  // Written beside and renamed, so two instances starting at once never load a half-written bundle;
  // chunks first, so that an entry never names a chunk not there yet.
  fs.mkdirSync(chunkDir, { recursive: true });
  const isChunk = (file) => file.path.startsWith(chunkDir + path.sep);
  for (const file of [...outputFiles.filter(isChunk), ...outputFiles.filter((f) => !isChunk(f))]) {
    const partial = `${file.path}.${process.pid}.partial`;
    fs.writeFileSync(partial, file.contents);
    fs.renameSync(partial, file.path);
  }
  // A chunk's name holds a hash of its content: those of earlier builds are no longer named by any entry.
  // An instance of an earlier build read its own at start; nothing it imports later is a chunk (above).
  const current = new Set(outputFiles.map((file) => path.basename(file.path)));
  for (const name of fs.readdirSync(chunkDir)) {
    if (!current.has(name) && !name.endsWith('.partial'))
      fs.rmSync(path.join(chunkDir, name), { force: true });
  }
  return serverEntry;
}
