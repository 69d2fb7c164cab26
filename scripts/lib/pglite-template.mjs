// The embedded database a new data dir starts as a copy of (server/src/db/pglite-data-dir.ts): PGlite's
// initdb and every migration, made once here instead of at each first start, where initdb took ~2 s and
// left the process ~300 MB bigger for good (issue 14). server/dist/pglite-template, git-ignored.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { isStale } from './freshness.mjs';
import { root } from './project-env.mjs';
import { ensureServerBuild, templateEntry } from './server-build.mjs';

export const pgliteTemplate = path.join(root, 'server/dist/pglite-template');
// Written once the template is complete: which PGlite made it (a data dir opens only in the PostgreSQL
// it was made by) and, by its time, which migrations.
const stamp = `${pgliteTemplate}.made-by`;
const sources = [
  'server/drizzle',
  'server/src/db/migrate.ts',
  'server/src/db/template-cli.ts',
  'scripts/lib/pglite-template.mjs',
].map((p) => path.join(root, p));

/** The installed PGlite's version (its package.json is not among its exports: found from its entry). */
function pgliteVersion() {
  const entry = createRequire(path.join(root, 'server/package.json')).resolve('@electric-sql/pglite');
  return JSON.parse(fs.readFileSync(path.join(path.dirname(entry), '../package.json'), 'utf8')).version;
}

/** Makes the template when it is missing, older than the migrations or made by another PGlite; returns its path. */
export async function ensurePgliteTemplate() {
  await ensureServerBuild();
  const version = pgliteVersion();
  const current = !isStale(stamp, sources) && fs.readFileSync(stamp, 'utf8') === version;
  if (current) return pgliteTemplate;
  console.log('Preparing the embedded database template…');
  // Made aside and renamed, in its own process: initdb's memory goes with it.
  const partial = `${pgliteTemplate}.${process.pid}.partial`;
  fs.rmSync(partial, { recursive: true, force: true });
  execFileSync(process.execPath, [templateEntry, partial], { stdio: 'inherit' });
  fs.rmSync(stamp, { force: true });
  fs.rmSync(pgliteTemplate, { recursive: true, force: true });
  fs.renameSync(partial, pgliteTemplate);
  fs.writeFileSync(stamp, version);
  return pgliteTemplate;
}
