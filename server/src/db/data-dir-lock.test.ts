import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// Issue 12 (Low): two processes could both take over a stale data-dir lock (8 of 30 trials). Here three
// processes at once find a lock left by a dead process, twelve times over: exactly one may win each time.

const root = path.resolve(import.meta.dirname, '../../..');
const TRIALS = 12;
const CONTENDERS = 3;

interface Contender {
  child: ChildProcess;
  ready: Promise<void>;
  /** "locked" or "refused". */
  verdict: Promise<string>;
}

function contender(dir: string): Contender {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/test/lock-contender.ts', dir], {
    cwd: root,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let out = '';
  const lines = new Promise<void>((resolve) => child.stdout!.on('data', () => resolve()));
  const verdict = new Promise<string>((resolve) =>
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const last = out.trim().split('\n').at(-1);
      if (last === 'locked' || last === 'refused') resolve(last);
    }),
  );
  return { child, ready: lines, verdict };
}

/** The pid of a process that has exited. */
function deadPid(): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['-e', '0']);
    child.on('exit', () => resolve(child.pid!));
  });
}

describe('the data-dir lock', () => {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-lock-'));
  afterAll(() => fs.rmSync(base, { recursive: true, force: true }));

  it('lets exactly one of several processes take over a stale lock', { timeout: 300_000 }, async () => {
    const winners: number[] = [];
    for (let trial = 0; trial < TRIALS; trial += 1) {
      const dir = path.join(base, `trial-${trial}`);
      fs.mkdirSync(dir);
      fs.writeFileSync(path.join(dir, 'lectern.lock'), String(await deadPid()));
      const contenders = Array.from({ length: CONTENDERS }, () => contender(dir));
      await Promise.all(contenders.map((c) => c.ready));
      for (const c of contenders) c.child.stdin!.write('go\n');
      const verdicts = await Promise.all(contenders.map((c) => c.verdict));
      winners.push(verdicts.filter((v) => v === 'locked').length);
      for (const c of contenders) c.child.stdin!.end();
    }
    expect(winners).toEqual(Array.from({ length: TRIALS }, () => 1));
  });
});
