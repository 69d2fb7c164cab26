// Start → first /api/health answer, and resident memory once started: Lectern on a new embedded database,
// the same database restarted, and (BENCH_DATABASE_URL) PostgreSQL, beside a bare Fastify app answering the
// same route. Issue 14 aims: start within 2x the bare app; the first start's memory at the restart's. It
// also prints the bare app once PGlite has opened the same database: the embedded start's floor.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { cpuMs, freePort, ROOT, rssMb, startLectern, tempDir, waitFor } from '../lib/server.mjs';
import { tableRow } from '../lib/table.mjs';

const REPEAT = Number(process.env.BENCH_REPEAT ?? 3);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Starts Lectern with `env`, returns ms to health, the CPU ms it used until then and RSS in MB a moment later. */
async function timedLectern(env) {
  const lectern = await startLectern(env);
  const ms = performance.now() - lectern.spawnedAt;
  const cpu = cpuMs(lectern.pid);
  await new Promise((r) => setTimeout(r, 1000));
  const mb = rssMb(lectern.pid);
  await lectern.stop();
  return { ms, cpu, mb };
}

/**
 * The bare Fastify app answering /api/health; with `pgliteDir`, only once PGlite has opened that
 * database, and asking it `select 1` for each answer: the floor of any start on the embedded database.
 */
async function timedBareFastify(pgliteDir) {
  const port = await freePort();
  const bareApp = `
    const app = require('fastify')();
    app.get('/api/health', async () => ({ status: 'ok' }));
    app.listen({ port: ${port}, host: '127.0.0.1' });`;
  const appOncePgliteOpened = `
    require('@electric-sql/pglite').PGlite.create({ dataDir: ${JSON.stringify(pgliteDir)} }).then((db) => {
      const app = require('fastify')();
      app.get('/api/health', async () => (await db.query('select 1'), { status: 'ok' }));
      app.listen({ port: ${port}, host: '127.0.0.1' });
    });`;
  const source = pgliteDir ? appOncePgliteOpened : bareApp;
  const started = performance.now();
  const child = spawn(process.execPath, ['-e', source], { cwd: `${ROOT}/server`, stdio: 'inherit' });
  await waitFor(`http://127.0.0.1:${port}/api/health`, child);
  const result = { ms: performance.now() - started, cpu: cpuMs(child.pid) };
  const exited = new Promise((r) => child.once('exit', r));
  child.kill();
  await exited;
  return result;
}

const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;

// CPU time beside wall time: on a shared machine the wall clock also counts other people's work.
function report(label, runs, bare) {
  const bareMs = median(bare.map((r) => r.ms));
  const bareCpu = median(bare.map((r) => r.cpu));
  const ms = median(runs.map((r) => r.ms));
  const cpu = median(runs.map((r) => r.cpu));
  const mb = median(runs.map((r) => r.mb));
  console.log(
    `  ${label.padEnd(34)} ${seconds(ms)} to health (${(ms / bareMs).toFixed(1)}x bare Fastify), CPU ${seconds(cpu)} (${(cpu / bareCpu).toFixed(1)}x), RSS ${mb.toFixed(0)} MB`,
  );
  tableRow({
    what: `start → /api/health, ${label}`,
    ours: `${seconds(ms)} (CPU ${seconds(cpu)})`,
    reference: `${seconds(bareMs)} bare Fastify (CPU ${seconds(bareCpu)})`,
    ratio: ms / bareMs,
    aim: '≤ 2×',
  });
  return mb;
}

export async function run() {
  const bare = [];
  const first = [];
  const restart = [];
  const postgres = [];
  const bareWithPglite = [];
  for (let i = 0; i < REPEAT; i += 1) {
    bare.push(await timedBareFastify());
    const dataDir = tempDir('start');
    first.push(await timedLectern({ DATA_DIR: dataDir }));
    restart.push(await timedLectern({ DATA_DIR: dataDir }));
    bareWithPglite.push(await timedBareFastify(path.join(dataDir, 'db')));
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (process.env.BENCH_DATABASE_URL)
      postgres.push(await timedLectern({ DATABASE_URL: process.env.BENCH_DATABASE_URL }));
  }
  console.log(
    `start: median of ${REPEAT}; bare Fastify ${seconds(median(bare.map((r) => r.ms)))} to health, CPU ${seconds(median(bare.map((r) => r.cpu)))}`,
  );
  const firstMb = report('PGlite, new data dir', first, bare);
  const restartMb = report('PGlite, restarted', restart, bare);
  // Not a row of the issue: what PGlite alone adds to the bare app, which no start on it can go below.
  const floor = median(bareWithPglite.map((r) => r.ms));
  const restarted = median(restart.map((r) => r.ms));
  console.log(
    `  bare Fastify once PGlite has opened the restarted database: ${seconds(floor)} (${(floor / median(bare.map((r) => r.ms))).toFixed(1)}x bare Fastify); Lectern restarted is ${(restarted / floor).toFixed(2)}x that`,
  );
  tableRow({
    what: 'RSS after the first start on a new embedded database',
    ours: `${firstMb.toFixed(0)} MB`,
    reference: `${restartMb.toFixed(0)} MB after a restart`,
    ratio: firstMb / restartMb,
    aim: '≤ 1×',
  });
  if (postgres.length) report('PostgreSQL', postgres, bare);
  else console.log('  PostgreSQL: set BENCH_DATABASE_URL to measure it');
}
