import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';

// The npm scripts as processes: what they print, and what they leave running (read from /proc, Linux):
// the script tests check that stopping a script stops everything it started, and that a start leaves
// nothing beside its server.

/** This environment as a person's shell has it: without the test runner's NODE_ENV=test and VITEST*. */
export const userEnv = () =>
  Object.fromEntries(
    Object.entries(process.env).filter(([name]) => name !== 'NODE_ENV' && !name.startsWith('VITEST')),
  );

export interface ChildOutput {
  /** Everything printed so far, stdout and stderr together. */
  text(): string;
  /** Resolves once `expected` was printed; rejects as soon as the process exits without printing it. */
  until(expected: string): Promise<string>;
}

/** Collects a child's output from now on (spawned with stdout and stderr piped). */
export function watchOutput(child: ChildProcess): ChildOutput {
  let output = '';
  const read = (chunk: Buffer) => (output += chunk.toString());
  child.stdout!.on('data', read);
  child.stderr!.on('data', read);
  return {
    text: () => output,
    until: (expected) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (!output.includes(expected)) return;
          cleanup();
          resolve(output);
        };
        const exited = (code: number | null) => {
          cleanup();
          if (output.includes(expected)) resolve(output);
          else reject(new Error(`exited with ${code} before printing "${expected}":\n${output}`));
        };
        const cleanup = () => {
          child.stdout!.off('data', check);
          child.stderr!.off('data', check);
          child.off('exit', exited);
        };
        child.stdout!.on('data', check);
        child.stderr!.on('data', check);
        child.once('exit', exited);
        check();
      }),
  };
}

/** Every process below pid. */
export function descendants(pid: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
    } catch {
      // exited while we looked
    }
  }
  const below = (p: number): number[] => (parents.get(p) ?? []).flatMap((c) => [c, ...below(c)]);
  return below(pid);
}

export const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** SIGTERM, then waits for the exit; nothing to do if it has exited already. */
export async function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
