import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../server/test/child-server';
import { alive, descendants } from './test-support/processes';

// `npm run dev` as a developer runs it: its data lands where `npm start` keeps it, and stopping it
// stops everything it started (tsx watch's server, Vite), not just the two npm processes.

const root = path.resolve(import.meta.dirname, '..');

async function untilHealthy(url: string, dev: ChildProcess): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (dev.exitCode !== null) throw new Error(`npm run dev exited with ${dev.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} never answered`);
}

describe('npm run dev', () => {
  let work = '';
  let dev: ChildProcess | undefined;
  afterEach(() => {
    if (dev?.exitCode === null) dev.kill('SIGKILL');
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('keeps its data where npm start does and stops all its children on SIGTERM', async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-dev-'));
    const port = await freePort();
    dev = spawn(process.execPath, ['scripts/dev.mjs'], {
      cwd: root,
      // A relative DATA_DIR, as in .env.example: taken from the repository root, like `npm start`.
      env: { ...process.env, PORT: String(port), DATA_DIR: path.relative(root, work), DATABASE_URL: '' },
      stdio: 'ignore',
    });
    // Through Vite's proxy: both children are up.
    await untilHealthy(`http://127.0.0.1:${port}/api/health`, dev);
    expect(fs.existsSync(path.join(work, 'db'))).toBe(true);

    const children = descendants(dev.pid!);
    expect(children.length).toBeGreaterThanOrEqual(3); // tsx watch, its server, Vite
    const exited = new Promise((r) => dev!.once('exit', r));
    dev.kill('SIGTERM');
    await exited;
    const deadline = Date.now() + 10_000;
    while (children.some(alive) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(children.filter(alive)).toEqual([]);
  });
});
