import type { MediaProbe, VideoStream } from './probe';

// How an accepted input becomes a browser-safe MP4 (issue 9): H.264 yuv420p + AAC, at most 1080p, never
// upscaled, moov first. What is already right is copied, not re-encoded: an H.264 stream that fits is
// copied even when its sound (Opus from Chromium's recorder) must become AAC.

/** Video codecs Lectern takes (mp4/mov: H.264, HEVC; WebM/mkv: VP8, VP9, AV1, H.264). */
export const ACCEPTED_VIDEO_CODECS = new Set(['h264', 'hevc', 'vp8', 'vp9', 'av1']);

/** The largest output: 1080p, for landscape and portrait alike. */
const LONG_SIDE = 1920;
const SHORT_SIDE = 1080;

export interface ProcessingPlan {
  video: 'copy' | { width: number; height: number };
  audio: 'copy' | 'encode' | 'none';
}

const even = (n: number) => Math.max(2, 2 * Math.round(n / 2));

/** The output size: scaled down to fit 1920x1080 (either way round), never up, even sides for yuv420p. */
export function outputSize(video: Pick<VideoStream, 'width' | 'height'>): { width: number; height: number } {
  const long = Math.max(video.width, video.height);
  const short = Math.min(video.width, video.height);
  const factor = Math.min(1, LONG_SIDE / long, SHORT_SIDE / short);
  return { width: even(video.width * factor), height: even(video.height * factor) };
}

export function planProcessing(probe: MediaProbe & { video: VideoStream }): ProcessingPlan {
  const size = outputSize(probe.video);
  const videoFits =
    probe.video.codec === 'h264' &&
    probe.video.pixFmt === 'yuv420p' &&
    size.width === probe.video.width &&
    size.height === probe.video.height;
  const audio = !probe.audio ? 'none' : probe.audio.codec === 'aac' ? 'copy' : 'encode';
  return { video: videoFits ? 'copy' : size, audio };
}

/** True when nothing needs re-encoding: a remux (stream copy into a fast-start MP4) is enough. */
export const isRemux = (plan: ProcessingPlan) => plan.video === 'copy' && plan.audio !== 'encode';

/** ffmpeg arguments turning `input` (read with `inputOptions`) into the fast-start MP4 `output` by the plan. */
export function ffmpegArgs(
  plan: ProcessingPlan,
  inputOptions: string[],
  input: string,
  output: string,
): string[] {
  const video =
    plan.video === 'copy'
      ? ['-c:v', 'copy']
      : [
          ...['-vf', `scale=${plan.video.width}:${plan.video.height}`, '-c:v', 'libx264'],
          ...['-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p', '-profile:v', 'high'],
          // Keep each frame's own time. A browser's WebM (a canvas, a still shared screen) has irregular
          // frames on a 1 ms time base; ffmpeg's constant-rate default would duplicate them to 1000 fps.
          ...['-vsync', 'vfr'],
        ];
  const audio =
    plan.audio === 'none'
      ? ['-an']
      : plan.audio === 'copy'
        ? ['-c:a', 'copy']
        : ['-c:a', 'aac', '-b:a', '128k'];
  return [
    ...[
      '-y',
      ...inputOptions,
      '-i',
      input,
      '-map',
      '0:v:0',
      '-map',
      '0:a:0?',
      '-sn',
      '-dn',
      '-map_metadata',
      '-1',
    ],
    ...video,
    ...audio,
    ...['-max_muxing_queue_size', '4096', '-movflags', '+faststart', '-f', 'mp4', output],
  ];
}
