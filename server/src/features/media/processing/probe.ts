import { execFile } from 'node:child_process';
import type { FfmpegTools } from '../../../config/ffmpeg-tools';
import { type Container, inputArgs } from './container';
import { boundedCommand, lastLine } from './ffmpeg';

// What is inside a media file: `ffprobe -print_format json` where ffprobe is installed (the system's
// ffmpeg), else the stderr of `ffmpeg -i` (the bundled build ships no ffprobe). Its stream lines have been
// stable across ffmpeg releases: `Stream #0:0: Video: h264 (High) (...), yuv420p, 1280x720 [SAR 1:1 DAR
// 16:9], ...` and `Stream #0:1: Audio: aac (LC), 48000 Hz, stereo, ...`. Both run with the sniffed
// container's demuxer, local files only (container.ts).

const PROBE_TIMEOUT_MS = 60_000;

export interface VideoStream {
  codec: string;
  pixFmt: string;
  /** As displayed: a phone video's rotation is already applied. */
  width: number;
  height: number;
}

export interface MediaProbe {
  /** The streams' duration, else the container's; null when neither gives one (a live WebM from MediaRecorder). */
  durationSeconds: number | null;
  /**
   * The longest stream, from the streams' own sample tables (ffprobe only): what a player plays, whatever
   * the container's header (mp4 `mvhd`) claims. null without ffprobe or when no stream gives one.
   */
  streamsDurationSeconds: number | null;
  video: VideoStream | null;
  audio: { codec: string } | null;
  /** ffmpeg could not read the file at all; its last complaint. */
  unreadable: string | null;
}

/** Splits on top-level commas: `yuv420p(tv, progressive), 320x240` is two parts. */
function parts(description: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of description) {
    if (ch === '(' || ch === '[') depth += 1;
    if (ch === ')' || ch === ']') depth -= 1;
    if (ch === ',' && depth === 0) {
      out.push(current.trim());
      current = '';
    } else current += ch;
  }
  out.push(current.trim());
  return out;
}

function parseVideo(description: string, rotation: number): VideoStream | null {
  const [codecPart = '', pixPart = '', ...rest] = parts(description);
  const size = [pixPart, ...rest].map((p) => /^(\d+)x(\d+)/.exec(p)).find(Boolean);
  if (!size) return null;
  const [width, height] = [Number(size[1]), Number(size[2])];
  const quarterTurn = Math.abs(Math.round(rotation / 90)) % 2 === 1;
  return {
    codec: codecPart.split(' ')[0] ?? '',
    pixFmt: /^\d+x\d+/.test(pixPart) ? '' : (pixPart.split('(')[0] ?? ''),
    width: quarterTurn ? height : width,
    height: quarterTurn ? width : height,
  };
}

/** Parses the stderr of `ffmpeg -i file`. */
export function parseProbe(stderr: string): MediaProbe {
  const lines = stderr.split('\n');
  const duration = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(stderr);
  const rotation = Number(
    /^\s*rotate\s*:\s*(-?\d+)/m.exec(stderr)?.[1] ?? /rotation of (-?[\d.]+) degrees/.exec(stderr)?.[1] ?? 0,
  );
  let video: VideoStream | null = null;
  let audio: MediaProbe['audio'] = null;
  for (const line of lines) {
    const stream = /^\s*Stream #\d+:\d+.*?: (Video|Audio): (.*)$/.exec(line);
    if (!stream) continue;
    if (stream[1] === 'Video' && !video && !stream[2]!.includes('(attached pic)'))
      video = parseVideo(stream[2]!, rotation);
    if (stream[1] === 'Audio' && !audio) audio = { codec: stream[2]!.split(/[ ,]/)[0] ?? '' };
  }
  const found = lines.some((l) => /^Input #0/.test(l));
  const complaint = lastLine(stderr) || 'unreadable';
  return {
    durationSeconds: duration
      ? Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3])
      : null,
    streamsDurationSeconds: null,
    video,
    audio,
    unreadable: found ? null : complaint,
  };
}

interface ProbeJson {
  streams?: {
    codec_type?: string;
    codec_name?: string;
    pix_fmt?: string;
    width?: number;
    height?: number;
    duration?: string;
    disposition?: { attached_pic?: number };
    tags?: { rotate?: string };
    side_data_list?: { rotation?: number }[];
  }[];
  format?: { duration?: string };
}

const seconds = (value: string | undefined): number | null => {
  const n = Number(value);
  return value !== undefined && Number.isFinite(n) && n > 0 ? n : null;
};

/** Parses `ffprobe -print_format json -show_format -show_streams`. */
export function parseProbeJson(json: string): MediaProbe {
  const { streams = [], format = {} } = JSON.parse(json) as ProbeJson;
  const shown = streams.find((s) => s.codec_type === 'video' && s.disposition?.attached_pic !== 1);
  const sound = streams.find((s) => s.codec_type === 'audio');
  let video: VideoStream | null = null;
  if (shown?.width && shown.height) {
    const rotation =
      shown.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ??
      Number(shown.tags?.rotate ?? 0);
    const quarterTurn = Math.abs(Math.round(rotation / 90)) % 2 === 1;
    video = {
      codec: shown.codec_name ?? '',
      pixFmt: shown.pix_fmt ?? '',
      width: quarterTurn ? shown.height : shown.width,
      height: quarterTurn ? shown.width : shown.height,
    };
  }
  const streamSeconds = [shown, sound].map((s) => seconds(s?.duration)).filter((n) => n !== null);
  const streamsDurationSeconds = streamSeconds.length ? Math.max(...streamSeconds) : null;
  return {
    durationSeconds: streamsDurationSeconds ?? seconds(format.duration),
    streamsDurationSeconds,
    video,
    audio: sound ? { codec: sound.codec_name ?? '' } : null,
    unreadable: null,
  };
}

/** Runs a probe; resolves with its exit status and output, rejects only when it could not run at all. */
function probeRun(tools: FfmpegTools, binary: string, args: string[]) {
  const [command, commandArgs] = boundedCommand(tools, binary, args);
  return new Promise<{ failed: boolean; stdout: string; stderr: string }>((resolve, reject) => {
    execFile(
      command,
      commandArgs,
      { maxBuffer: 4 * 1024 * 1024, timeout: PROBE_TIMEOUT_MS, killSignal: 'SIGKILL' },
      (error, stdout, stderr) => {
        if (error && (error as NodeJS.ErrnoException).code === 'ENOENT') reject(error);
        else resolve({ failed: error !== null, stdout, stderr });
      },
    );
  });
}

/** Reads what `file` holds, read as `container`. */
export async function probeMedia(
  tools: FfmpegTools,
  container: Container,
  file: string,
): Promise<MediaProbe> {
  const input = [...inputArgs(container), '-i', file];
  if (!tools.ffprobe) {
    // ffmpeg with no output always exits 1, so its stderr is the answer.
    const { stderr } = await probeRun(tools, tools.ffmpeg, ['-hide_banner', '-nostdin', ...input]);
    return parseProbe(stderr);
  }
  const args = ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', ...input];
  const { failed, stdout, stderr } = await probeRun(tools, tools.ffprobe, args);
  if (failed) {
    const unreadable = lastLine(stderr) || 'unreadable';
    return { durationSeconds: null, streamsDurationSeconds: null, video: null, audio: null, unreadable };
  }
  return parseProbeJson(stdout);
}
