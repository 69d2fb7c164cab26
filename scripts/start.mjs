// `npm start`: builds the web app and the server when their sources are newer than their builds, then
// runs the built server (plain JavaScript) in this same process, so its pid holds the data-dir lock.
import { dataDir, loadDotEnv } from './lib/project-env.mjs';
import { ensureServerBuild } from './lib/server-build.mjs';
import { ensureWebBuild } from './lib/web-build.mjs';

loadDotEnv();
process.env.DATA_DIR = dataDir(); // the same folder whatever directory this is started from

// WEB_DIST_DIR names a build made elsewhere: nothing to build here.
if (!process.env.WEB_DIST_DIR) ensureWebBuild();

await import(await ensureServerBuild());
