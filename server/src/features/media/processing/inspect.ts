import { MEDIA } from '@lectern/shared';
import type { FfmpegTools } from '../../../config/ffmpeg-tools';
import { HttpError, unsupportedMedia } from '../../../lib/errors';
import { inspectMp4, isFastStart, Mp4Error, topLevelBoxTypes } from '../../../lib/mp4';
import { sniffContainer } from './container';
import { beyondLimits } from './limits';
import { isRemux, planProcessing, ACCEPTED_VIDEO_CODECS } from './plan';
import { probeMedia } from './probe';

// The check an upload gets before anything is stored (issue 9): the type from the bytes (415 for anything
// but a video Lectern takes), a file ffmpeg cannot read is damaged (422), and so is one beyond the limits
// (issue 20: larger than 4096x4096 or longer than 4 hours). A fast-start MP4 that is already H.264
// yuv420p + AAC at most 1080p, whose header tells its streams' true length, is ready as it is;
// everything else goes to processing.

export type UploadVerdict = { ready: true; durationSeconds: number } | { ready: false };

export const damaged = () => new HttpError(422, 'UNPROCESSABLE', MEDIA.damaged);

/** How far the mp4 header's duration may stray from the streams' before the file is remuxed. */
const HEADER_DURATION_SLACK_SECONDS = 0.5;

/**
 * True when the browser-safe bytes need no ffmpeg pass at all: moov first, and its `mvhd` duration (what
 * a player shows) agrees with the streams' (a 6 s file claiming 10 h is remuxed, which rewrites it).
 */
async function readyAsIs(file: string, streamsSeconds: number): Promise<boolean> {
  try {
    if (!isFastStart(await topLevelBoxTypes(file))) return false;
    const { durationSeconds } = await inspectMp4(file);
    return Math.abs(durationSeconds - streamsSeconds) <= HEADER_DURATION_SLACK_SECONDS;
  } catch (error) {
    if (error instanceof Mp4Error) return false; // a QuickTime brand or odd boxes: ffmpeg remuxes it
    throw error;
  }
}

/** Throws 415 or 422 for a file Lectern cannot take; says whether it is ready without processing. */
export async function inspectUpload(tools: FfmpegTools, file: string): Promise<UploadVerdict> {
  const container = await sniffContainer(file);
  if (!container) throw unsupportedMedia(MEDIA.notAVideo);
  const probe = await probeMedia(tools, container, file);
  if (probe.unreadable) throw damaged();
  if (!probe.video) throw probe.audio ? unsupportedMedia(MEDIA.notAVideo) : damaged();
  if (!ACCEPTED_VIDEO_CODECS.has(probe.video.codec)) throw unsupportedMedia(MEDIA.notAVideo);
  const beyond = beyondLimits(probe);
  if (beyond) throw new HttpError(422, 'UNPROCESSABLE', beyond);
  const plan = planProcessing({ ...probe, video: probe.video });
  // Only the streams' own duration is trusted (ffprobe): without it, processing measures the output.
  const seconds = probe.streamsDurationSeconds;
  if (
    container === 'isobmff' &&
    isRemux(plan) &&
    plan.audio !== 'encode' &&
    seconds !== null &&
    seconds > 0
  ) {
    if (await readyAsIs(file, seconds)) return { ready: true, durationSeconds: seconds };
  }
  return { ready: false };
}
