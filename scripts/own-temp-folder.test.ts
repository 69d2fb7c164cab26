import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { watchOutput } from './test-support/processes';

// `npm test` and `npm run bench` leave nothing in the temp folder, even when interrupted (issue 26).

const root = path.resolve(import.meta.dirname, '..');

describe('a run with its own temp folder', () => {
  let parent = '';
  afterEach(() => fs.rmSync(parent, { recursive: true, force: true }));

  it.each([
    ['ends', 'process.exit(0)', 0],
    ['is interrupted', "process.kill(process.pid, 'SIGINT'); setInterval(() => {}, 1000)", 130],
  ])('removes it, and what its children wrote there, when it %s', async (_, then, exitCode) => {
    parent = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-temp-root-'));
    const script = `
      import { execFileSync } from 'node:child_process';
      import fs from 'node:fs';
      import os from 'node:os';
      import path from 'node:path';
      import { ownTempFolder } from './scripts/lib/own-temp-folder.mjs';
      ownTempFolder('lectern-run-');
      fs.mkdirSync(path.join(os.tmpdir(), 'mail'));
      execFileSync(process.execPath, ['-e', "require('fs').mkdtempSync(require('os').tmpdir() + '/db-')"]);
      console.log(fs.readdirSync(os.tmpdir()).length);
      ${then};
    `;
    const run = spawn(process.execPath, ['--input-type=module', '-e', script], {
      cwd: root,
      env: { ...process.env, TMPDIR: parent },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output = watchOutput(run);
    expect(await new Promise((r) => run.once('exit', r))).toBe(exitCode);
    expect(output.text().trim()).toBe('2'); // the mail folder and the child's database were there
    expect(fs.readdirSync(parent)).toEqual([]);
  });
});
