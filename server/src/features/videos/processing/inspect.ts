import { MEDIA } from '@lectern/shared';
import { HttpError, unsupportedMedia } from '../../../lib/errors';
import { inspectMp4, isFastStart, Mp4Error, topLevelBoxTypes } from '../../../lib/mp4';
import { sniffContainer } from './container';
import { isRemux, planProcessing, ACCEPTED_VIDEO_CODECS } from './plan';
import { probeMedia } from './probe';

// The check an upload gets before anything is stored (issue 9): the type from the bytes (415 for anything
// but a video Lectern takes), a file ffmpeg cannot read is damaged (422). A fast-start MP4 that is already
// H.264 yuv420p + AAC at most 1080p is ready as it is; everything else goes to processing.

export type UploadVerdict = { ready: true; durationSeconds: number } | { ready: false };

export const damaged = () => new HttpError(422, 'UNPROCESSABLE', MEDIA.damaged);

/** True when the browser-safe bytes need no ffmpeg pass at all (and their mvhd holds the duration). */
async function readyAsIs(file: string): Promise<number | null> {
  try {
    if (!isFastStart(await topLevelBoxTypes(file))) return null;
    return (await inspectMp4(file)).durationSeconds;
  } catch (error) {
    if (error instanceof Mp4Error) return null; // a QuickTime brand or odd boxes: ffmpeg remuxes it
    throw error;
  }
}

/** Throws 415 or 422 for a file Lectern cannot take; says whether it is ready without processing. */
export async function inspectUpload(ffmpegPath: string, file: string): Promise<UploadVerdict> {
  const container = await sniffContainer(file);
  if (!container) throw unsupportedMedia(MEDIA.notAVideo);
  const probe = await probeMedia(ffmpegPath, file);
  if (probe.unreadable) throw damaged();
  if (!probe.video) throw probe.audio ? unsupportedMedia(MEDIA.notAVideo) : damaged();
  if (!ACCEPTED_VIDEO_CODECS.has(probe.video.codec)) throw unsupportedMedia(MEDIA.notAVideo);
  const plan = planProcessing({ ...probe, video: probe.video });
  if (container === 'isobmff' && isRemux(plan) && plan.audio !== 'encode') {
    const durationSeconds = await readyAsIs(file);
    if (durationSeconds !== null && durationSeconds > 0) return { ready: true, durationSeconds };
  }
  return { ready: false };
}
