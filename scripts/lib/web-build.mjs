// The web app as `npm start` serves it: web/dist, built by Vite when its sources are newer.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { isStale } from './freshness.mjs';
import { root } from './project-env.mjs';

export const webDist = path.join(root, 'web/dist');
const sources = ['web/src', 'web/index.html', 'web/public', 'shared/src'].map((p) => path.join(root, p));
const vite = path.join(root, 'node_modules/vite/bin/vite.js');

/**
 * Builds the web app into `outDir`. Only Vite's warnings and errors are printed: a first `npm start`
 * once showed ~120 lines of asset sizes before its one line saying where Lectern runs (issue 26).
 */
export function buildWeb(outDir = webDist) {
  execFileSync(
    process.execPath,
    [vite, 'build', '--logLevel', 'warn', '--outDir', outDir, '--emptyOutDir', path.join(root, 'web')],
    { cwd: root, stdio: 'inherit' },
  );
}

/** Builds web/dist when it is missing or older than its sources. */
export function ensureWebBuild() {
  if (!isStale(path.join(webDist, 'index.html'), sources)) return;
  console.log('Building the web app…');
  buildWeb();
}
