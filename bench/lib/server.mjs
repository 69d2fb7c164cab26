// Starts Lectern as a child process on a free loopback port with a fresh data dir: `npm start` (the
// built server, plain JavaScript) minus the web build and npm's own start-up.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ensurePgliteTemplate } from '../../scripts/lib/pglite-template.mjs';

export const ROOT = path.resolve(import.meta.dirname, '../..');

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

export function tempDir(label) {
  return fs.mkdtempSync(path.join(os.tmpdir(), `lectern-bench-${label}-`));
}

/**
 * Resolves once `url` answers 2xx, asking every 20 ms: the start scenario times Lectern and the bare
 * Fastify app with this same loop, so neither waits longer between asks than the other.
 */
export async function waitFor(url, child, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`server did not answer ${url}`);
}

/** Resident memory of a process in MB, from /proc (Linux). */
export function rssMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)[1]) / 1024;
}

/** CPU time (user + system) a process has used so far in ms, from /proc (Linux; 100 ticks a second). */
export function cpuMs(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** `env.PORT`: listen there (a URL given out before the start, as to an LTI platform); else a free port. */
export async function startLectern(env = {}) {
  const dataDir = tempDir('data');
  const port = env.PORT ? Number(env.PORT) : await freePort();
  await ensurePgliteTemplate(); // here, so that no timing includes building (the server, its database template)
  // BENCH_PROFILE_DIR=<dir>: the server writes a V8 CPU profile there when it stops (node --cpu-prof).
  const profile = process.env.BENCH_PROFILE_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`]
    : [];
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, [...profile, 'scripts/start.mjs'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/api/health`, child);
  return {
    url,
    pid: child.pid,
    /** performance.now() as the process was spawned: starts are timed from here, after any build. */
    spawnedAt,
    dataDir,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
