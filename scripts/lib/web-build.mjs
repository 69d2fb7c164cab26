// The web app as `npm start` serves it: web/dist, built by Vite when its sources are newer.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { isStale } from './freshness.mjs';
import { root } from './project-env.mjs';

export const webDist = path.join(root, 'web/dist');
const sources = ['web/src', 'web/index.html', 'web/public', 'shared/src'].map((p) => path.join(root, p));

/** Builds web/dist when it is missing or older than its sources. */
export function ensureWebBuild() {
  if (!isStale(path.join(webDist, 'index.html'), sources)) return;
  console.log('Building the web app…');
  execFileSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: 'inherit' });
}
