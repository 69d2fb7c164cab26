// `npm run dev`: Vite with hot reload on PORT (3000) in front of the API on PORT + 1, restarting on
// change. Same .env and data folder as `npm start`. Ctrl+C or SIGTERM stops both and everything they
// started: each child leads its own process group, which is signalled as a whole.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { dataDir, loadDotEnv, root } from './lib/project-env.mjs';

loadDotEnv();
const webPort = Number(process.env.PORT || 3000);
const apiPort = webPort + 1;
const bin = (pkg, file) =>
  path.join(path.dirname(createRequire(import.meta.url).resolve(`${pkg}/package.json`)), file);

const start = (cwd, args, env = {}) =>
  spawn(process.execPath, args, {
    cwd: path.join(root, cwd),
    stdio: 'inherit',
    detached: true,
    env: { ...process.env, ...env },
  });

const children = [
  start('server', [bin('tsx', 'dist/cli.mjs'), 'watch', 'src/main.ts'], {
    PORT: String(apiPort),
    NODE_ENV: 'development',
    DATA_DIR: dataDir(), // absolute: the server runs in server/, `npm start` in the root
    PUBLIC_URL: process.env.PUBLIC_URL || `http://localhost:${webPort}`,
  }),
  start('web', [bin('vite', 'bin/vite.js'), '--port', String(webPort), '--strictPort'], {
    LECTERN_API_URL: `http://localhost:${apiPort}`,
  }),
];

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // that group is already gone
    }
  }
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
// One child ending (a crash, a taken port) ends the other; we exit once both are gone.
let running = children.length;
for (const child of children) {
  child.on('exit', (code) => {
    stop();
    if (--running === 0) process.exit(code ?? 0);
  });
}
