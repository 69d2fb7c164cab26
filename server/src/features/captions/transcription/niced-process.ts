import { spawn } from 'node:child_process';
import os from 'node:os';

/** Below the API (0) and beside ffmpeg's conversions (10): a transcript can wait, a request cannot. */
const NICENESS = 15;
const STDERR_KEPT = 4 * 1024;

/**
 * Runs an engine's process at a low CPU priority and hands each line of its output to `onLine`; resolves
 * when it exits with 0. Aborting `signal` kills it (SIGKILL: an engine stuck in native code ignores
 * anything gentler) and rejects with the signal's reason; any other exit rejects with its last error line.
 */
export function runNiced(
  name: string,
  command: string,
  args: string[],
  options: { signal?: AbortSignal; onLine: (line: string) => void },
): Promise<void> {
  const { signal, onLine } = options;
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], signal, killSignal: 'SIGKILL' });
    if (child.pid !== undefined) {
      try {
        os.setPriority(child.pid, NICENESS);
      } catch {
        // Already gone, or not permitted: it then runs at normal priority.
      }
    }
    let pending = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      const lines = (pending + chunk).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) onLine(line);
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_KEPT);
    });
    child.on('error', (error) => reject(signal?.aborted ? signal.reason : error));
    child.on('close', (code) => {
      if (signal?.aborted) reject(signal.reason);
      else if (code === 0) resolve();
      else reject(new Error(`${name} exited with ${code}: ${stderr.trim().split('\n').at(-1) ?? ''}`));
    });
  });
}
