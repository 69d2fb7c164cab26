// The project's own test media (DESIGN §9): synthetic test patterns and tones made with the ffmpeg that
// `npm ci` installs (@ffmpeg-installer/ffmpeg), or FFMPEG_PATH. Nothing is read from outside the repository.
//   node test-media/make.mjs          rewrites the small files committed in test-media/
//   import { largeMp4, longWebm } …   writes large files for benchmarks into test-media/generated/
//                                     (git-ignored), once: a second call reuses the file
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export const TEST_MEDIA = import.meta.dirname;
export const GENERATED = path.join(TEST_MEDIA, 'generated');

export const ffmpegPath = () =>
  process.env.FFMPEG_PATH ||
  createRequire(path.join(TEST_MEDIA, '../server/package.json'))('@ffmpeg-installer/ffmpeg').path;

const ffmpeg = (...args) =>
  execFileSync(ffmpegPath(), ['-hide_banner', '-loglevel', 'error', '-y', ...args], { stdio: 'inherit' });

/** A video and a tone source of `seconds`; `picture` is a lavfi pattern with its size and rate. */
const sources = (picture, seconds, tone = 440) => [
  '-f',
  'lavfi',
  '-i',
  `${picture}:duration=${seconds}`,
  '-f',
  'lavfi',
  '-i',
  `sine=frequency=${tone}:duration=${seconds}`,
];
const tiny = (seconds) => [...sources('testsrc=size=160x120:rate=15', seconds, 550), '-pix_fmt', 'yuv420p'];
const H264 = ['-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p'];
const AAC = ['-c:a', 'aac', '-b:a', '32k'];
const OPUS = ['-c:a', 'libopus', '-b:a', '24k'];
const VP8 = ['-c:v', 'libvpx', '-deadline', 'realtime', '-b:v', '200k'];
// Fixed metadata so regenerating changes as few bytes as possible.
const CLEAN = [
  '-map_metadata',
  '-1',
  '-fflags',
  '+bitexact',
  '-flags:v',
  '+bitexact',
  '-flags:a',
  '+bitexact',
];
const FASTSTART = ['-movflags', '+faststart'];

/** A fast-start H.264/AAC mp4 of a test pattern and a tone (also the demo's videos: scripts/demo.mjs). */
export const browserReady = (out, picture, seconds, tone, crf, audio = '32k') =>
  ffmpeg(
    ...sources(picture, seconds, tone),
    ...H264,
    '-crf',
    String(crf),
    '-c:a',
    'aac',
    '-b:a',
    audio,
    ...FASTSTART,
    ...CLEAN,
    out,
  );

/** Every committed file: name → how it is made. Tests rely on the properties named in README.md. */
const SMALL = {
  // Browser-ready H.264/AAC mp4s (moov first) used across the API, e2e and bench.
  'lecture-10s.mp4': (out) => browserReady(out, 'testsrc=size=320x240:rate=25', 10, 440, 30),
  'lecture-6s.mp4': (out) => browserReady(out, 'testsrc2=size=320x240:rate=25', 6, 660, 38),
  'lecture-90s.mp4': (out) => browserReady(out, 'testsrc=size=160x120:rate=5', 90, 220, 45, '16k'),
  'answer-4s.mp4': (out) => browserReady(out, 'smptebars=size=320x240:rate=25', 4, 330, 30),
  // Valid H.264 mp4, video only, index (moov) after the media data: a remux moves it to the front.
  'moov-at-end-5s.mp4': (out) =>
    ffmpeg(
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=320x240:rate=25:duration=5',
      ...H264,
      '-crf',
      '35',
      ...CLEAN,
      out,
    ),
  // Every other accepted input (issue 9), 2 s at 160x120 so a transcode takes well under a second.
  'input-h264-aac.mov': (out) => ffmpeg(...tiny(2), ...H264, ...AAC, '-f', 'mov', ...CLEAN, out),
  'input-h264-aac.m4v': (out) => ffmpeg(...tiny(2), ...H264, ...AAC, '-f', 'ipod', ...CLEAN, out),
  'input-hevc-aac.mp4': (out) =>
    ffmpeg(
      ...tiny(2),
      '-c:v',
      'libx265',
      '-preset',
      'ultrafast',
      '-x265-params',
      'log-level=error',
      '-tag:v',
      'hvc1',
      ...AAC,
      ...CLEAN,
      out,
    ),
  'input-vp8-vorbis.webm': (out) =>
    ffmpeg(...tiny(2), ...VP8, '-c:a', 'libvorbis', '-q:a', '0', ...CLEAN, out),
  'input-vp9-opus.webm': (out) =>
    ffmpeg(
      ...tiny(2),
      '-c:v',
      'libvpx-vp9',
      '-deadline',
      'realtime',
      '-cpu-used',
      '8',
      '-b:v',
      '200k',
      ...OPUS,
      ...CLEAN,
      out,
    ),
  'input-av1-opus.webm': (out) =>
    ffmpeg(
      ...tiny(2),
      '-c:v',
      'libaom-av1',
      '-strict',
      'experimental',
      '-cpu-used',
      '8',
      '-b:v',
      '100k',
      ...OPUS,
      ...CLEAN,
      out,
    ),
  'input-h264-opus.mkv': (out) => ffmpeg(...tiny(2), ...H264, ...OPUS, ...CLEAN, out),
  // What MediaRecorder writes: a live WebM (no duration, no cues; written to a pipe like a recorder) and
  // a fragmented MP4 with H.264 and Opus (Chromium records no AAC).
  'recorded-vp8-opus.webm': (out) =>
    fs.writeFileSync(
      out,
      execFileSync(ffmpegPath(), [
        '-hide_banner',
        '-loglevel',
        'error',
        ...tiny(2),
        ...VP8,
        ...OPUS,
        ...CLEAN,
        '-f',
        'webm',
        'pipe:1',
      ]),
    ),
  'recorded-h264-opus.mp4': (out) =>
    ffmpeg(
      ...tiny(2),
      ...H264,
      ...OPUS,
      '-strict',
      'experimental',
      '-movflags',
      'frag_keyframe+empty_moov+default_base_moof',
      ...CLEAN,
      out,
    ),
  // Refused inputs: a text file and a WebM named .mp4 (for the mp4-only parser), sound only, and damaged
  // files whose first bytes say mp4 or WebM.
  'text-disguised-as.mp4': (out) =>
    fs.writeFileSync(out, 'This is a text file pretending to be an mp4 video.\n'),
  'webm-disguised-as.mp4': (out) => ffmpeg(...tiny(1), ...VP8, '-an', ...CLEAN, '-f', 'webm', out),
  'audio-only.m4a': (out) =>
    ffmpeg('-f', 'lavfi', '-i', 'sine=frequency=440:duration=2', ...AAC, ...CLEAN, out),
  'damaged.mp4': (out) => {
    // The ftyp of a real mp4, then bytes that are no box at all.
    const real = fs.readFileSync(path.join(TEST_MEDIA, 'answer-4s.mp4'));
    fs.writeFileSync(out, Buffer.concat([real.subarray(0, real.readUInt32BE(0)), Buffer.alloc(4000, 0xab)]));
  },
  'damaged.webm': (out) => {
    // A WebM's EBML header, then noise.
    const real = fs.readFileSync(path.join(TEST_MEDIA, 'input-vp9-opus.webm'));
    fs.writeFileSync(out, Buffer.concat([real.subarray(0, 40), Buffer.alloc(4000, 0xab)]));
  },
};

/** A synthetic 720p H.264/AAC mp4 of about `mb` MB: a 10 s chunk encoded once, repeated by stream copy. */
export function largeMp4(mb, { faststart = true } = {}) {
  const out = path.join(GENERATED, `large-${mb}mb${faststart ? '' : '-moov-at-end'}.mp4`);
  if (fs.existsSync(out)) return out;
  fs.mkdirSync(GENERATED, { recursive: true });
  const chunk = path.join(GENERATED, 'chunk-720p-10s.mp4');
  if (!fs.existsSync(chunk)) {
    ffmpeg(
      ...sources('testsrc2=size=1280x720:rate=30', 10),
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-b:v', '8M', '-minrate', '8M'],
      ...['-maxrate', '8M', '-bufsize', '16M', '-x264-params', 'nal-hrd=cbr', '-c:a', 'aac', '-b:a', '96k'],
      '-shortest',
      chunk,
    );
  }
  const loops = Math.max(0, Math.ceil((mb * 1e6) / fs.statSync(chunk).size) - 1);
  const partial = `${out}.part`;
  ffmpeg(
    '-stream_loop',
    String(loops),
    '-i',
    chunk,
    '-c',
    'copy',
    ...(faststart ? FASTSTART : []),
    '-f',
    'mp4',
    partial,
  );
  fs.renameSync(partial, out);
  return out;
}

/** A synthetic 720p VP8/Opus WebM of about `seconds`, like a long screen recording (10 s chunk, repeated). */
export function longWebm(seconds) {
  const out = path.join(GENERATED, `long-${seconds}s-720p.webm`);
  if (fs.existsSync(out)) return out;
  fs.mkdirSync(GENERATED, { recursive: true });
  const chunk = path.join(GENERATED, 'chunk-720p-10s.webm');
  if (!fs.existsSync(chunk)) {
    ffmpeg(
      ...sources('testsrc2=size=1280x720:rate=30', 10),
      ...['-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '1500k', ...OPUS],
      chunk,
    );
  }
  const partial = `${out}.part`;
  const loops = String(Math.max(0, Math.ceil(seconds / 10) - 1));
  ffmpeg('-stream_loop', loops, '-i', chunk, '-c', 'copy', '-f', 'webm', partial);
  fs.renameSync(partial, out);
  return out;
}

if (process.argv[1] === import.meta.filename) {
  for (const [name, make] of Object.entries(SMALL)) {
    make(path.join(TEST_MEDIA, name));
    console.log(`${name.padEnd(26)} ${fs.statSync(path.join(TEST_MEDIA, name)).size} bytes`);
  }
}
