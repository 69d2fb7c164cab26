import fsp from 'node:fs/promises';
import { MEDIA } from '@lectern/shared';
import type { FfmpegTools } from '../../../config/ffmpeg-tools';
import { inspectMp4, isFastStart, Mp4Error, topLevelBoxTypes } from '../../../lib/mp4';
import { inputArgs, sniffContainer } from './container';
import { FfmpegError, FfmpegLimitError, type FfmpegPace, runFfmpeg } from './ffmpeg';
import { MAX_DURATION_SECONDS, beyondLimits } from './limits';
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
  /** The time the conversion may take for what it writes (config.processingPace); unbounded without. */
  pace?: Omit<FfmpegPace, 'reason'>;
  /** Whole percent, 0–99, as ffmpeg reports its position; only when the input's duration is known. */
  onProgress?: (percent: number) => void;
}

export interface ProcessedMedia {
  durationSeconds: number;
  remuxed: boolean;
}

/** Poster: the frame a tenth of the way in (past a black first frame), at most 640 px wide. */
export async function makePoster(
  tools: FfmpegTools,
  mp4: string,
  poster: string,
  duration: number,
  signal?: AbortSignal,
) {
  const at = Math.min(duration / 10, 5).toFixed(3);
  const input = ['-y', '-ss', at, ...inputArgs('isobmff'), '-i', mp4];
  const output = ['-frames:v', '1', '-vf', "scale='min(640,iw)':-2", '-q:v', '4', '-f', 'image2', poster];
  await runFfmpeg(tools, [...input, ...output], { signal });
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
  tools: FfmpegTools,
  files: ProcessingFiles,
  run: ProcessingRun = {},
): Promise<ProcessedMedia> {
  const container = await sniffContainer(files.input);
  if (!container) throw new ProcessingFailure(MEDIA.notAVideo);
  const probe = await probeMedia(tools, container, files.input);
  if (!probe.video) throw new ProcessingFailure(probe.unreadable === null ? MEDIA.notAVideo : MEDIA.damaged);
  const beyond = beyondLimits(probe);
  if (beyond) throw new ProcessingFailure(beyond);
  const plan = planProcessing({ ...probe, video: probe.video });
  const total = probe.durationSeconds;
  // Always asked for, even when the input's duration is unknown: an ffmpeg whose parent died (kill -9)
  // gets SIGPIPE at its next report and stops, instead of converting on for nobody.
  const onTime = (seconds: number) => {
    if (total) run.onProgress?.(Math.min(99, Math.floor((100 * seconds) / total)));
  };
  try {
    await runFfmpeg(tools, ffmpegArgs(plan, inputArgs(container), files.input, files.output), {
      signal: run.signal,
      onTime,
      pace: run.pace && { ...run.pace, reason: MEDIA.tooSlow },
      // The headers may claim less than the file holds: the output is measured as it is written.
      maxOutput: { seconds: MAX_DURATION_SECONDS, reason: MEDIA.tooLong },
    });
  } catch (error) {
    if (error instanceof FfmpegLimitError) throw new ProcessingFailure(error.message);
    if (!(error instanceof FfmpegError)) throw error;
    throw new ProcessingFailure(`${MEDIA.conversionFailed} (${error.detail || error.message}).`);
  }
  const durationSeconds = await verifyOutput(files.output);
  try {
    await makePoster(tools, files.output, files.poster, durationSeconds, run.signal);
  } catch (error) {
    if (!(error instanceof FfmpegError)) throw error;
    await fsp.rm(files.poster, { force: true }); // a video without a poster still plays
  }
  return { durationSeconds, remuxed: plan.video === 'copy' && plan.audio !== 'encode' };
}
