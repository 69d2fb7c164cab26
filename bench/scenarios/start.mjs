// Start → first /api/health answer, and resident memory once started: Lectern on a new embedded database,
// the same database restarted, and (BENCH_DATABASE_URL) PostgreSQL, beside a bare Fastify app answering the
// same route. Issue 14 aims: start within 2x the bare app; the first start's memory at the restart's.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { freePort, ROOT, rssMb, startLectern, tempDir } from '../lib/server.mjs';

const REPEAT = Number(process.env.BENCH_REPEAT ?? 3);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Starts Lectern with `env`, returns ms to health and RSS in MB a moment later. */
async function timedLectern(env) {
  const started = performance.now();
  const lectern = await startLectern(env);
  const ms = performance.now() - started;
  await new Promise((r) => setTimeout(r, 1000));
  const mb = rssMb(lectern.pid);
  await lectern.stop();
  return { ms, mb };
}

async function timedBareFastify() {
  const port = await freePort();
  const source = `
    const app = require('fastify')();
    app.get('/api/health', async () => ({ status: 'ok' }));
    app.listen({ port: ${port}, host: '127.0.0.1' });`;
  const started = performance.now();
  const child = spawn(process.execPath, ['-e', source], { cwd: `${ROOT}/server`, stdio: 'inherit' });
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  const ms = performance.now() - started;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill();
  await exited;
  return ms;
}

function print(label, runs, bareMs) {
  const ms = median(runs.map((r) => r.ms));
  const mb = median(runs.map((r) => r.mb));
  console.log(
    `  ${label.padEnd(34)} ${(ms / 1000).toFixed(2)} s to health (${(ms / bareMs).toFixed(1)}x bare Fastify), RSS ${mb.toFixed(0)} MB`,
  );
}

export async function run() {
  const bare = [];
  const first = [];
  const restart = [];
  const postgres = [];
  for (let i = 0; i < REPEAT; i += 1) {
    bare.push(await timedBareFastify());
    const dataDir = tempDir('start');
    first.push(await timedLectern({ DATA_DIR: dataDir }));
    restart.push(await timedLectern({ DATA_DIR: dataDir }));
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (process.env.BENCH_DATABASE_URL)
      postgres.push(await timedLectern({ DATABASE_URL: process.env.BENCH_DATABASE_URL }));
  }
  const bareMs = median(bare);
  console.log(`start: median of ${REPEAT}; bare Fastify ${(bareMs / 1000).toFixed(2)} s to health`);
  print('PGlite, new data dir', first, bareMs);
  print('PGlite, restarted', restart, bareMs);
  if (postgres.length) print('PostgreSQL', postgres, bareMs);
  else console.log('  PostgreSQL: set BENCH_DATABASE_URL to measure it');
}
