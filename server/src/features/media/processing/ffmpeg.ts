import { spawn } from 'node:child_process';
import os from 'node:os';
import type { FfmpegTools } from '../../../config/ffmpeg-tools';

// Runs ffmpeg with an argument array (never a shell, SECURITY VAL-2) at a lower CPU priority, so a long
// transcode leaves the cores to the API first. Progress comes from ffmpeg's own `-progress pipe:1` output
// (key=value lines, `out_time=HH:MM:SS.micro`). Each run is bounded (issue 20): its memory by prlimit, and,
// when asked, its time by its own progress (a conversion must keep pace with the video it writes) and
// the length it may write.

/** Niceness of ffmpeg processes: the API (0) always goes first. */
const FFMPEG_NICENESS = 10;
const STDERR_KEPT = 8 * 1024;
/**
 * Address space of one ffmpeg: a 1080p x264 transcode uses well under 1 GiB; the rest is room for the
 * thread stacks of a many-core machine. What stays out is a decoder asked for gigabytes.
 */
export const FFMPEG_ADDRESS_SPACE_BYTES = 4 * 1024 ** 3;
const PACE_CHECK_MS = 1000;

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

/** A run stopped for passing one of its limits; `message` is the reason an instructor reads. */
export class FfmpegLimitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FfmpegLimitError';
  }
}

/** How long work on a video may take (config.processingPace): a grace, plus an allowance per second. */
export interface Pace {
  /** Time allowed before any output, and on top of it. */
  graceMs: number;
  /** Time allowed for each second of video written. */
  perVideoSecondMs: number;
}

export interface FfmpegPace extends Pace {
  /** Said when the run falls behind. */
  reason: string;
}

/**
 * The time `pace` allows for `videoSeconds` of video, in whole milliseconds: timers refuse a fraction
 * (AbortSignal.timeout throws a RangeError), and a length read from the database rarely makes a whole one.
 */
export const paceLimitMs = (pace: Pace, videoSeconds: number): number =>
  Math.ceil(pace.graceMs + pace.perVideoSecondMs * videoSeconds);

export interface FfmpegRun {
  /** Stops ffmpeg (SIGKILL) when aborted; the promise then rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Called with the output's time in seconds as ffmpeg reports it. */
  onTime?: (seconds: number) => void;
  /** Stops the run when it takes longer than its pace allows for what it has written (FfmpegLimitError). */
  pace?: FfmpegPace;
  /** Stops the run once its output passes this many seconds (FfmpegLimitError). */
  maxOutput?: { seconds: number; reason: string };
}

/** Seconds from ffmpeg's `HH:MM:SS.micro`, or null for N/A. */
export function parseClock(value: string): number | null {
  const match = /^(-?)(\d+):(\d{2}):(\d{2}(?:\.\d+)?)$/.exec(value.trim());
  if (!match) return null;
  const seconds = Number(match[2]) * 3600 + Number(match[3]) * 60 + Number(match[4]);
  return match[1] ? -seconds : seconds;
}

/** The last meaningful stderr line: what went wrong, in ffmpeg's words. */
export const lastLine = (stderr: string) =>
  stderr
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .at(-1) ?? '';

/** The command that runs `binary` with `args` under the memory cap (prlimit where installed). */
export function boundedCommand(tools: FfmpegTools, binary: string, args: string[]): [string, string[]] {
  if (!tools.prlimit) return [binary, args];
  return [tools.prlimit, [`--as=${FFMPEG_ADDRESS_SPACE_BYTES}`, '--', binary, ...args]];
}

/** Runs ffmpeg to completion; resolves with its stderr, rejects with FfmpegError on a non-zero exit. */
export function runFfmpeg(tools: FfmpegTools, args: string[], run: FfmpegRun = {}): Promise<string> {
  const withProgress = run.onTime || run.pace || run.maxOutput ? ['-progress', 'pipe:1', '-nostats'] : [];
  const limits = new AbortController();
  const signal = run.signal ? AbortSignal.any([run.signal, limits.signal]) : limits.signal;
  const started = Date.now();
  let written = 0;
  const onTime = (seconds: number) => {
    written = seconds;
    if (run.maxOutput && seconds > run.maxOutput.seconds)
      limits.abort(new FfmpegLimitError(run.maxOutput.reason));
    run.onTime?.(seconds);
  };
  const pace = run.pace;
  const paceCheck =
    pace &&
    setInterval(() => {
      if (Date.now() - started > paceLimitMs(pace, written)) limits.abort(new FfmpegLimitError(pace.reason));
    }, PACE_CHECK_MS);
  const [command, commandArgs] = boundedCommand(tools, tools.ffmpeg, [
    ...['-hide_banner', '-nostdin', ...withProgress, ...args],
  ]);
  return new Promise<string>((resolve, reject) => {
    const child = spawn(command, commandArgs, {
      stdio: ['ignore', 'pipe', 'pipe'],
      signal,
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
        if (seconds !== null && seconds >= 0) onTime(seconds);
      }
    });
    child.on('error', (error) => reject(signal.aborted ? signal.reason : error));
    child.on('close', (code) => {
      if (signal.aborted) reject(signal.reason);
      else if (code === 0) resolve(stderr);
      else reject(new FfmpegError(`ffmpeg exited with ${code}`, lastLine(stderr)));
    });
  }).finally(() => clearInterval(paceCheck));
}
