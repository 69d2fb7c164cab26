// `npm start`: builds the web app and the server when their sources are newer than their builds, then
// runs the built server (plain JavaScript) in this same process, so its pid holds the data-dir lock.
import { dataDir, loadDotEnv } from './lib/project-env.mjs';
import { ensurePgliteTemplate } from './lib/pglite-template.mjs';
import { ensureServerBuild } from './lib/server-build.mjs';
import { ensureWebBuild } from './lib/web-build.mjs';

loadDotEnv();
process.env.DATA_DIR = dataDir(); // the same folder whatever directory this is started from

// WEB_DIST_DIR names a build made elsewhere: nothing to build here.
if (!process.env.WEB_DIST_DIR) ensureWebBuild();

const server = await ensureServerBuild();
// A new embedded database starts as a copy of the template instead of running initdb.
if (!process.env.DATABASE_URL) process.env.PGLITE_TEMPLATE_DIR = await ensurePgliteTemplate();
await import(server);
