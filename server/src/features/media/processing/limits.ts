import { MEDIA } from '@lectern/shared';
import type { MediaProbe } from './probe';

// What Lectern converts at most (issue 20): a frame of 4096x4096 (4K and DCI 4K fit; an 8192x8192 frame
// made ffmpeg take 814 MB) and 4 hours. Both are checked on the probe, and again while converting: a
// decoder refuses a larger frame (`-max_pixels`) and the conversion stops past 4 hours of output, since
// a file's headers may claim less than it holds.

export const MAX_FRAME_SIDE = 4096;
export const MAX_FRAME_PIXELS = MAX_FRAME_SIDE * MAX_FRAME_SIDE;
export const MAX_DURATION_SECONDS = 4 * 3600;

/** Why Lectern will not convert this input, or null when it is within the limits. */
export function beyondLimits(probe: MediaProbe): string | null {
  const { video, durationSeconds } = probe;
  if (video && Math.max(video.width, video.height) > MAX_FRAME_SIDE) return MEDIA.frameTooLarge;
  if (durationSeconds !== null && durationSeconds > MAX_DURATION_SECONDS) return MEDIA.tooLong;
  return null;
}
