import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../server/test/child-server';
// @ts-expect-error plain ESM shared with scripts/start.mjs (no declarations)
import { ensurePgliteTemplate } from './lib/pglite-template.mjs';
// @ts-expect-error plain ESM shared with scripts/start.mjs (no declarations)
import { serverEntry } from './lib/server-build.mjs';
import { descendants, stop, userEnv, watchOutput } from './test-support/processes';

// A first `npm start` as a new user sees it (issue 26): what it builds, then the one line saying where
// Lectern runs, whatever LOG_LEVEL; no page of asset sizes, no warning about Vite's config loader, and
// no build process left running beside the server.

const root = path.resolve(import.meta.dirname, '..');
const work: string[] = [];
const tempDir = (prefix: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  work.push(dir);
  return dir;
};

describe('a first npm start', () => {
  let start: ChildProcess | undefined;
  beforeAll(() => ensurePgliteTemplate()); // the server bundle and the database template, made before
  afterEach(async () => {
    await stop(start);
    for (const dir of work.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('says what it builds, then where Lectern runs at LOG_LEVEL=warn, with no build process left', async () => {
    // As after a `git pull`: the server bundle is older than its sources, so this start bundles it.
    fs.utimesSync(serverEntry as string, 0, 0);
    const port = await freePort();
    start = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: root,
      env: {
        ...userEnv(),
        PORT: String(port),
        DATA_DIR: tempDir('lectern-start-'),
        WEB_DIST_DIR: tempDir('lectern-start-web-'), // the web build has a test of its own, below
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        PUBLIC_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const ready = `Lectern is running at http://localhost:${port}`;
    const output = await watchOutput(start).until(ready);
    expect(output.trim().split('\n')).toEqual(['Building the server…', ready]);
    expect(descendants(start.pid!)).toEqual([]);
  });

  it('builds the web app printing nothing unless Vite warns', async () => {
    const out = tempDir('lectern-web-build-');
    const build = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { buildWeb } from './scripts/lib/web-build.mjs'; buildWeb(${JSON.stringify(out)});`,
      ],
      { cwd: root, env: userEnv(), stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const output = watchOutput(build);
    const code = await new Promise((r) => build.once('exit', r));
    expect(code).toBe(0);
    expect(output.text()).toBe('');
    expect(fs.existsSync(path.join(out, 'index.html'))).toBe(true);
  });
});
