import { execFile } from 'node:child_process';

// What is inside a media file, read from `ffmpeg -i` (the npm package ships no ffprobe; ffprobe-installer's
// binary needs an install script to be executable, and one binary keeps FFMPEG_PATH the only knob). The
// stream lines have been stable across ffmpeg releases: `Stream #0:0: Video: h264 (High) (...), yuv420p,
// 1280x720 [SAR 1:1 DAR 16:9], ...` and `Stream #0:1: Audio: aac (LC), 48000 Hz, stereo, ...`.

export interface VideoStream {
  codec: string;
  pixFmt: string;
  /** As displayed: a phone video's rotation is already applied. */
  width: number;
  height: number;
}

export interface MediaProbe {
  /** null when the container gives none (a live WebM from MediaRecorder). */
  durationSeconds: number | null;
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
  const complaint =
    lines
      .map((l) => l.trim())
      .filter(Boolean)
      .at(-1) ?? 'unreadable';
  return {
    durationSeconds: duration
      ? Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3])
      : null,
    video,
    audio,
    unreadable: found ? null : complaint,
  };
}

/** Reads what `file` holds; ffmpeg with no output always exits 1, so its stderr is the answer. */
export function probeMedia(ffmpegPath: string, file: string): Promise<MediaProbe> {
  return new Promise((resolve, reject) => {
    execFile(
      ffmpegPath,
      ['-hide_banner', '-nostdin', '-i', file],
      { maxBuffer: 4 * 1024 * 1024, timeout: 60_000 },
      (error, _stdout, stderr) => {
        if (error && (error as NodeJS.ErrnoException).code === 'ENOENT') reject(error);
        else resolve(parseProbe(stderr));
      },
    );
  });
}
