import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { freePort } from '../../server/test/child-server';
import { type Nginx, PIN_HEADER, startNginx } from '../../server/test/nginx';

// Two built Lectern processes (as `npm start` runs them) on one fresh PostgreSQL database and one DATA_DIR,
// behind nginx running deploy/nginx/lectern.conf, for browser journeys across instances. A browser context
// given `pins.a` (or `pins.b`) as extra headers sends every request, its event stream included, to
// instance A (or B). PostgreSQL only: vitest.config.ts runs the *.postgres.spec.ts files with
// TEST_DATABASE_URL.

const root = path.resolve(import.meta.dirname, '../..');

export interface TwoInstances {
  /** nginx's address: the browser's origin and the API's base. */
  url: string;
  /** Extra request headers that pin a browser context to instance A or B. */
  pins: { a: Record<string, string>; b: Record<string, string> };
}

interface Instance {
  proc: ChildProcess;
  stderr: () => string;
}

function startInstance(port: number, env: Record<string, string>): Instance {
  const proc = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  proc.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return { proc, stderr: () => stderr };
}

/**
 * Header values that nginx's hash sends to each upstream, found by asking which one answered. nginx was
 * started before the instances, so it may still count one as failed for a few seconds: ask again until
 * both have answered.
 */
async function findPins(url: string): Promise<string[]> {
  const byUpstream = new Map<string, string>();
  const deadline = Date.now() + 60_000;
  while (byUpstream.size < 2) {
    if (Date.now() > deadline) throw new Error('nginx sent every pin to one instance for 60 s');
    for (let i = 0; byUpstream.size < 2 && i < 20; i++) {
      const res = await fetch(`${url}/api/health`, { headers: { [PIN_HEADER]: `pin-${i}` } });
      const upstream = res.ok ? res.headers.get('x-upstream') : null;
      if (upstream && !byUpstream.has(upstream)) byUpstream.set(upstream, `pin-${i}`);
    }
    if (byUpstream.size < 2) await new Promise((r) => setTimeout(r, 1000));
  }
  return [...byUpstream.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, pin]) => pin);
}

export function useTwoInstances(): TwoInstances {
  const result = { pins: {} } as TwoInstances;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-e2e-two-'));
  const instances: Instance[] = [];
  let nginx: Nginx | undefined;
  let admin: pg.Client | undefined;
  let database = '';

  beforeAll(async () => {
    const server = process.env.TEST_DATABASE_URL;
    if (!server) throw new Error('TEST_DATABASE_URL is required for the two-instance browser tests');
    admin = new pg.Client({ connectionString: server });
    await admin.connect();
    database = `lectern_e2e_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    await admin.query(`create database "${database}"`);
    const databaseUrl = new URL(server);
    databaseUrl.pathname = `/${database}`;

    const ports = [await freePort(), await freePort()];
    const dataDir = path.join(work, 'data');
    nginx = await startNginx(
      path.join(work, 'nginx'),
      ports.map((p) => `127.0.0.1:${p}`),
      path.join(dataDir, 'media'),
    );
    result.url = nginx.url;
    const env = {
      DATABASE_URL: databaseUrl.toString(),
      DATA_DIR: dataDir,
      PUBLIC_URL: nginx.url,
      TRUST_PROXY: '127.0.0.1',
      WEB_DIST_DIR: process.env.WEB_DIST_DIR ?? path.join(root, 'web/dist'),
    };
    // One after the other: the first runs the migrations on the empty database.
    for (const port of ports) {
      const instance = startInstance(port, env);
      instances.push(instance);
      const deadline = Date.now() + 180_000;
      while (
        !(await fetch(`http://127.0.0.1:${port}/api/health`).then(
          (r) => r.ok,
          () => false,
        ))
      ) {
        if (instance.proc.exitCode !== null) throw new Error(`instance exited: ${instance.stderr()}`);
        if (Date.now() > deadline) throw new Error(`instance not healthy: ${instance.stderr()}`);
        await new Promise((r) => setTimeout(r, 250));
      }
    }
    const [a, b] = await findPins(nginx.url);
    result.pins = { a: { [PIN_HEADER]: a! }, b: { [PIN_HEADER]: b! } };
  }, 400_000);

  afterAll(async () => {
    for (const instance of instances) {
      if (instance.proc.exitCode === null) instance.proc.kill('SIGTERM');
      await new Promise((r) => (instance.proc.exitCode === null ? instance.proc.once('exit', r) : r(null)));
    }
    await nginx?.stop();
    if (admin) {
      if (database) await admin.query(`drop database if exists "${database}" with (force)`);
      await admin.end();
    }
    fs.rmSync(work, { recursive: true, force: true });
  });
  return result;
}
