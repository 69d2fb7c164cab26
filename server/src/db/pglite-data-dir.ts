import fs from 'node:fs';
import path from 'node:path';

// PostgreSQL writes PG_VERSION into every data directory; a folder without it holds no database yet.
const VERSION_FILE = 'PG_VERSION';

/**
 * Gives a new embedded data directory its database before PGlite opens it, so that opening it is always
 * a restart; says whether it already had one. Two ways (issue 14):
 * - a copy of `template` (`npm start` builds one: initdb and every migration, see
 *   scripts/lib/pglite-template.mjs), ~0.1 s of file copying;
 * - without one (the sources run by tsx: tests, `npm run dev`), initdb by a throwaway instance, so that
 *   the instance we keep has not grown its WebAssembly heap for initdb (a heap never shrinks). initdb
 *   takes seconds, and the process still held ~680 MB after it against ~390 MB after a restart: the
 *   throwaway's memory is not handed back to the system.
 */
export async function ensurePgliteDataDir(dir: string, template: string | undefined): Promise<boolean> {
  if (fs.existsSync(path.join(dir, VERSION_FILE))) return true;
  if (!template) {
    const { PGlite } = await import('@electric-sql/pglite');
    await (await PGlite.create({ dataDir: dir })).close();
    return false;
  }
  // PG_VERSION last: a copy cut short leaves a folder that the next start copies into again.
  fs.cpSync(template, dir, {
    recursive: true,
    filter: (source) => source !== path.join(template, VERSION_FILE),
  });
  fs.copyFileSync(path.join(template, VERSION_FILE), path.join(dir, VERSION_FILE));
  return false;
}
