import fsp from 'node:fs/promises';
import { MEDIA } from '@lectern/shared';
import { inspectMp4, isFastStart, Mp4Error, topLevelBoxTypes } from '../../../lib/mp4';
import { FfmpegError, runFfmpeg } from './ffmpeg';
import { ffmpegArgs, planProcessing } from './plan';
import { probeMedia } from './probe';

// Turns an accepted upload into a fast-start MP4 plus a poster JPEG: a remux when the streams are
// already right, a transcode otherwise (plan.ts). The output is verified before anyone may use it: ftyp,
// then moov before mdat, a video track and a duration. Throws ProcessingFailure with a reason an
// instructor can read; the caller owns the files it named and deletes them whatever happens.

export class ProcessingFailure extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'ProcessingFailure';
  }
}

export interface ProcessingFiles {
  input: string;
  output: string;
  poster: string;
}

export interface ProcessingRun {
  signal?: AbortSignal;
  /** Whole percent, 0–99, as ffmpeg reports its position; only when the input's duration is known. */
  onProgress?: (percent: number) => void;
}

export interface ProcessedMedia {
  durationSeconds: number;
  remuxed: boolean;
}

/** Poster: the frame a tenth of the way in (past a black first frame), at most 640 px wide. */
export async function makePoster(
  ffmpegPath: string,
  mp4: string,
  poster: string,
  duration: number,
  signal?: AbortSignal,
) {
  const at = Math.min(duration / 10, 5).toFixed(3);
  const args = ['-y', '-ss', at, '-i', mp4, '-frames:v', '1', '-vf', "scale='min(640,iw)':-2", '-q:v', '4'];
  await runFfmpeg(ffmpegPath, [...args, '-f', 'image2', poster], { signal });
}

/** The converted file, checked: fast start, a video track, a duration (else ProcessingFailure). */
async function verifyOutput(output: string): Promise<number> {
  try {
    if (!isFastStart(await topLevelBoxTypes(output))) throw new ProcessingFailure(MEDIA.outputInvalid);
    const { durationSeconds } = await inspectMp4(output);
    if (!(durationSeconds > 0)) throw new ProcessingFailure(MEDIA.outputInvalid);
    return durationSeconds;
  } catch (error) {
    if (error instanceof Mp4Error) throw new ProcessingFailure(MEDIA.outputInvalid);
    throw error;
  }
}

export async function processToMp4(
  ffmpegPath: string,
  files: ProcessingFiles,
  run: ProcessingRun = {},
): Promise<ProcessedMedia> {
  const probe = await probeMedia(ffmpegPath, files.input);
  if (!probe.video) throw new ProcessingFailure(probe.unreadable === null ? MEDIA.notAVideo : MEDIA.damaged);
  const plan = planProcessing({ ...probe, video: probe.video });
  const total = probe.durationSeconds;
  // Always asked for, even when the input's duration is unknown: an ffmpeg whose parent died (kill -9)
  // gets SIGPIPE at its next report and stops, instead of converting on for nobody.
  const onTime = (seconds: number) => {
    if (total) run.onProgress?.(Math.min(99, Math.floor((100 * seconds) / total)));
  };
  try {
    await runFfmpeg(ffmpegPath, ffmpegArgs(plan, files.input, files.output), { signal: run.signal, onTime });
  } catch (error) {
    if (!(error instanceof FfmpegError)) throw error;
    throw new ProcessingFailure(`${MEDIA.conversionFailed} (${error.detail || error.message}).`);
  }
  const durationSeconds = await verifyOutput(files.output);
  try {
    await makePoster(ffmpegPath, files.output, files.poster, durationSeconds, run.signal);
  } catch (error) {
    if (!(error instanceof FfmpegError)) throw error;
    await fsp.rm(files.poster, { force: true }); // a video without a poster still plays
  }
  return { durationSeconds, remuxed: plan.video === 'copy' && plan.audio !== 'encode' };
}
