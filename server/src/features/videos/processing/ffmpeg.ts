import { spawn } from 'node:child_process';
import os from 'node:os';

// Runs ffmpeg with an argument array (never a shell, SECURITY VAL-2) at a lower CPU priority, so a long
// transcode leaves the cores to the API first. Progress comes from ffmpeg's own `-progress pipe:1` output
// (key=value lines, `out_time=HH:MM:SS.micro`).

/** Niceness of ffmpeg processes: the API (0) always goes first. */
const FFMPEG_NICENESS = 10;
const STDERR_KEPT = 8 * 1024;

export class FfmpegError extends Error {
  constructor(
    message: string,
    /** ffmpeg's last line of complaint, for the failure reason. */
    readonly detail: string,
  ) {
    super(message);
    this.name = 'FfmpegError';
  }
}

export interface FfmpegRun {
  /** Stops ffmpeg (SIGKILL) when aborted; the promise then rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Called with the output's time in seconds as ffmpeg reports it. */
  onTime?: (seconds: number) => void;
}

/** Seconds from ffmpeg's `HH:MM:SS.micro`, or null for N/A. */
export function parseClock(value: string): number | null {
  const match = /^(-?)(\d+):(\d{2}):(\d{2}(?:\.\d+)?)$/.exec(value.trim());
  if (!match) return null;
  const seconds = Number(match[2]) * 3600 + Number(match[3]) * 60 + Number(match[4]);
  return match[1] ? -seconds : seconds;
}

/** The last meaningful stderr line: what went wrong, in ffmpeg's words. */
const lastLine = (stderr: string) =>
  stderr
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .at(-1) ?? '';

/** Runs ffmpeg to completion; resolves with its stderr, rejects with FfmpegError on a non-zero exit. */
export function runFfmpeg(ffmpegPath: string, args: string[], run: FfmpegRun = {}): Promise<string> {
  const withProgress = run.onTime ? ['-progress', 'pipe:1', '-nostats'] : [];
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath, ['-hide_banner', '-nostdin', ...withProgress, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      signal: run.signal,
      killSignal: 'SIGKILL',
    });
    if (child.pid !== undefined) {
      try {
        os.setPriority(child.pid, FFMPEG_NICENESS);
      } catch {
        // Already gone, or not permitted: it then runs at normal priority.
      }
    }
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_KEPT);
    });
    let pending = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      const lines = (pending + chunk).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        if (!line.startsWith('out_time=')) continue;
        const seconds = parseClock(line.slice('out_time='.length));
        if (seconds !== null && seconds >= 0) run.onTime?.(seconds);
      }
    });
    child.on('error', (error) => reject(run.signal?.aborted ? run.signal.reason : error));
    child.on('close', (code) => {
      if (run.signal?.aborted) reject(run.signal.reason);
      else if (code === 0) resolve(stderr);
      else reject(new FfmpegError(`ffmpeg exited with ${code}`, lastLine(stderr)));
    });
  });
}
