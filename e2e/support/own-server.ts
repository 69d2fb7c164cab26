import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../server/test/child-server';

// A Lectern of a spec's own, started as `npm start` runs it, for journeys that need settings the shared
// test server (global-setup.ts) has not: an LMS registered before it starts, a campus sign-on. Its address
// is known before it starts, so the other party (the LMS, the identity provider) can be told it first.

const root = path.resolve(import.meta.dirname, '../..');
// As in global-setup.ts: a first start may bundle the server and make the database template.
const START_CEILING_MS = 300_000;

export interface OwnLectern {
  /** Its address, `http://127.0.0.1:<port>`: PUBLIC_URL and the browser's origin. */
  url: string;
  /** Its environment: a fresh data dir, the embedded database (for `npm run lti` before it starts, too). */
  env: NodeJS.ProcessEnv;
  /** Starts it with `extra` settings and waits until it answers. */
  start(extra?: Record<string, string>): Promise<void>;
  /** Stops it and removes its data dir. */
  close(): Promise<void>;
}

export async function ownLectern(): Promise<OwnLectern> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-own-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = { ...process.env, DATA_DIR: path.join(work, 'data'), PUBLIC_URL: url, DATABASE_URL: '' };
  let proc: ChildProcess | undefined;

  async function start(extra: Record<string, string> = {}) {
    proc = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: root,
      env: {
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        WEB_DIST_DIR: process.env.WEB_DIST_DIR ?? path.join(root, 'web/dist'),
        AUTO_CAPTIONS: 'off',
        ...extra,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const deadline = Date.now() + START_CEILING_MS;
    while (Date.now() < deadline) {
      if (proc.exitCode !== null) throw new Error(`Lectern exited with ${proc.exitCode}`);
      const up = await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) return;
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`Lectern did not answer ${url}/api/health`);
  }

  async function close() {
    if (proc && proc.exitCode === null) {
      const exited = new Promise((r) => proc!.once('exit', r));
      proc.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(work, { recursive: true, force: true });
  }

  return { url, env, start, close };
}
