// `npm start`: builds the web app when its sources are newer than the build, then runs the server
// in this same process (so its pid is the one holding the data-dir lock).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { register } from 'tsx/esm/api';
import { dataDir, loadDotEnv, root } from './lib/project-env.mjs';

function newestMtime(entry) {
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(entry).map((name) => newestMtime(path.join(entry, name))));
}

loadDotEnv();
process.env.DATA_DIR = dataDir(); // the same folder whatever directory this is started from

const builtIndex = path.join(root, 'web/dist/index.html');
const sources = ['web/src', 'web/index.html', 'web/public', 'shared/src'].map((p) => path.join(root, p));
// WEB_DIST_DIR names a build made elsewhere: nothing to build here.
const stale =
  !process.env.WEB_DIST_DIR &&
  (!fs.existsSync(builtIndex) || Math.max(...sources.map(newestMtime)) > fs.statSync(builtIndex).mtimeMs);
if (stale) {
  console.log('Building the web app…');
  execFileSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: 'inherit' });
}

register();
await import(path.join(root, 'server/src/main.ts'));
