// The demo's lecture videos: slides with text, each narrated by Debian's espeak-ng, made with the project's
// ffmpeg (issue 26). Without espeak-ng the slides are silent; without Debian's DejaVu font (drawtext needs
// a font file) there are no slides, and the demo falls back to test patterns.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ffmpegPath } from '../../test-media/make.mjs';

const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf'; // fonts-dejavu-core
const speaks = () => spawnSync('espeak-ng', ['--version'], { stdio: 'ignore' }).status === 0;

/** True when this machine can draw the slides' text. */
export const canDrawSlides = () => fs.existsSync(FONT);

const ffmpeg = (...args) =>
  execFileSync(ffmpegPath(), ['-hide_banner', '-loglevel', 'error', '-y', ...args], { stdio: 'inherit' });

/** One slide of `seconds` as an mp4 in `dir`: its title and lines, and its narration when espeak-ng is there. */
function slideClip(dir, name, slide, seconds) {
  const clip = path.join(dir, `${name}.mp4`);
  // drawtext reads each line from a file: no escaping of the quotes, colons and commas in the text.
  const texts = [slide.title, ...slide.lines].map((text, i) => {
    const file = path.join(dir, `${name}-${i}.txt`);
    fs.writeFileSync(file, text);
    return i === 0
      ? `drawtext=fontfile=${FONT}:textfile=${file}:fontcolor=white:fontsize=34:x=40:y=48`
      : `drawtext=fontfile=${FONT}:textfile=${file}:fontcolor=0xdde6f0:fontsize=24:x=40:y=${90 + i * 46}`;
  });
  const voice = path.join(dir, `${name}.wav`);
  const audio = speaks()
    ? (execFileSync('espeak-ng', ['-v', 'en-us', '-s', '165', '-w', voice, slide.narration]), ['-i', voice])
    : ['-f', 'lavfi', '-i', 'anullsrc=r=22050:cl=mono'];
  ffmpeg(
    ...['-f', 'lavfi', '-i', `color=c=0x1e3a5f:size=640x360:rate=10:duration=${seconds}`],
    ...audio,
    ...['-filter_complex', `[0:v]${texts.join(',')}[v];[1:a]apad,aresample=44100[a]`],
    ...['-map', '[v]', '-map', '[a]', '-t', String(seconds)],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'stillimage', '-crf', '30', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-b:a', '64k', '-ac', '1'],
    clip,
  );
  return clip;
}

/** A fast-start H.264/AAC mp4 of the slides, `seconds` each, one after another. */
export function slideVideo(out, slides, seconds) {
  const dir = fs.mkdtempSync(`${out}.parts-`);
  try {
    const clips = slides.map((slide, i) => slideClip(dir, `slide-${i}`, slide, seconds));
    const list = path.join(dir, 'clips.txt');
    fs.writeFileSync(list, clips.map((clip) => `file '${clip}'`).join('\n'));
    ffmpeg('-f', 'concat', '-safe', '0', '-i', list, '-c', 'copy', '-movflags', '+faststart', out);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return out;
}
