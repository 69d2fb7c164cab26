import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../server/test/child-server';
import { stop, userEnv, watchOutput } from './test-support/processes';

// `npm run demo -- --reset` beside a running demo once deleted the folder under it, lock included, and
// seeded a second server into it; the next start died in PGlite's WebAssembly (issue 26).

const root = path.resolve(import.meta.dirname, '..');

describe('npm run demo', () => {
  let dir = '';
  const demos: ChildProcess[] = [];
  afterEach(async () => {
    for (const demo of demos.splice(0)) await stop(demo);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const demo = async (...args: string[]) => {
    const child = spawn(process.execPath, ['scripts/demo.mjs', ...args], {
      cwd: root,
      env: { ...userEnv(), DEMO_DIR: dir, PORT: String(await freePort()) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    demos.push(child);
    return child;
  };

  it('refuses a --reset beside a running demo, which carries on unharmed', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-demo-'));
    const running = await demo();
    // The demo holds its lock from before it makes its videos (minutes on a busy machine) to its end.
    await watchOutput(running).until('Making the demo videos…');
    const madeSoFar = fs.readdirSync(dir);

    const reset = await demo('--reset');
    const resetOutput = watchOutput(reset);
    expect(await new Promise((r) => reset.once('exit', r))).toBe(1);
    expect(resetOutput.text().trim()).toBe(
      `The demo is already running (pid ${running.pid}) on ${dir}: stop it first (Ctrl+C in its terminal), then run this again.`,
    );

    // The running demo goes on, its folder and its lock as they were.
    expect(running.exitCode).toBeNull();
    expect(fs.readFileSync(path.join(dir, 'db', 'lectern.lock'), 'utf8')).toBe(String(running.pid));
    expect(fs.readdirSync(dir)).toEqual(expect.arrayContaining(madeSoFar));
  });
});
