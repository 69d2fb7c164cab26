// Speech the project makes itself (issue 25): each lecture text here, spoken by Debian's espeak-ng and
// turned by the project's ffmpeg into 16 kHz mono 16-bit WAV. Written once into test-media/generated/speech
// (git-ignored); a second call reuses the file.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { GENERATED, ffmpegPath } from '../make.mjs';

const TEXTS = import.meta.dirname;
const OUT = path.join(GENERATED, 'speech');
/**
 * espeak-ng's voice and speed. Of the US English voices and speeds tried (docs/decisions.md, "Test speech
 * for automatic captions"), the Klatt voice at 150 words a minute is the one PocketSphinx hears best.
 */
export const VOICE = ['-v', 'en-us+klatt2', '-s', '150'];

/** True when espeak-ng is installed (Debian: apt-get install espeak-ng). */
export const canSpeak = () => spawnSync('espeak-ng', ['--version'], { stdio: 'ignore' }).status === 0;

/** The lectures' names and texts, in name order. */
export const lectureTexts = () =>
  fs
    .readdirSync(TEXTS)
    .filter((f) => f.endsWith('.txt'))
    .sort()
    .map((f) => ({ name: f.slice(0, -4), text: fs.readFileSync(path.join(TEXTS, f), 'utf8').trim() }));

/** The sound of `input` (any audio or video file ffmpeg reads) as 16 kHz mono WAV in `out`. */
export function speechWav(input, out) {
  execFileSync(ffmpegPath(), [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-i', input],
    ...['-vn', '-ar', '16000', '-ac', '1', '-c:a', 'pcm_s16le', out],
  ]);
  return out;
}

/** `text` spoken into `out` as 16 kHz mono WAV, by the test voice unless espeak-ng's `voice` options are given. */
export function speak(text, out, voice = VOICE) {
  const raw = `${out}.espeak.wav`;
  execFileSync('espeak-ng', [...voice, '-w', raw, text]);
  speechWav(raw, out);
  fs.rmSync(raw);
  return out;
}

/** The WAV of lecture `name` (made on first use). */
export function lectureSpeech(name) {
  const out = path.join(OUT, `${name}.wav`);
  if (!fs.existsSync(out)) {
    const lecture = lectureTexts().find((l) => l.name === name);
    if (!lecture) throw new Error(`no test speech named ${name}`);
    fs.mkdirSync(OUT, { recursive: true });
    // Made aside and renamed: two test files asking at once never read half a file.
    const partial = `${out}.${process.pid}.partial.wav`;
    speak(lecture.text, partial);
    fs.renameSync(partial, out);
  }
  return out;
}

/**
 * A fast-start H.264/AAC mp4 of a still picture with `text` spoken over it (made on first use, as
 * `name`.mp4): a lecture video the automatic captions can hear. The speech is AAC at 64 kbit/s, as a
 * phone recording might be.
 */
export function speechVideo(name, text) {
  const out = path.join(OUT, `${name}.mp4`);
  if (fs.existsSync(out)) return out;
  fs.mkdirSync(OUT, { recursive: true });
  const wav = speak(text, path.join(OUT, `${name}.${process.pid}.wav`));
  videoOfSpeech(wav, out);
  fs.rmSync(wav);
  return out;
}

/** The mp4 of a still picture with the speech in `wav` over it (speechVideo's), renamed into `out` when whole. */
function videoOfSpeech(wav, out) {
  const partial = `${out}.${process.pid}.partial.mp4`;
  execFileSync(ffmpegPath(), [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'color=c=navy:size=160x120:rate=5', '-i', wav, '-shortest'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-b:a', '64k', '-movflags', '+faststart', partial],
  ]);
  fs.renameSync(partial, out);
}

/** The samples of a WAV file ffmpeg wrote (it may put a LIST chunk before `data`). */
function wavSamples(file) {
  const bytes = fs.readFileSync(file);
  for (let at = 12; at + 8 <= bytes.length; at += 8 + bytes.readUInt32LE(at + 4)) {
    if (bytes.toString('ascii', at, at + 4) === 'data')
      return bytes.subarray(at + 8, at + 8 + bytes.readUInt32LE(at + 4));
  }
  throw new Error(`${file} has no audio data`);
}

/**
 * `text` spoken sentence by sentence, one after another, as a video like speechVideo's (made on first use,
 * as `name`.mp4), with each sentence's place in it: the captions an instructor's correction would give,
 * one cue a sentence.
 */
export function sentencesVideo(name, text) {
  const out = path.join(OUT, `${name}.mp4`);
  const cuesFile = `${out}.cues.json`;
  if (fs.existsSync(out) && fs.existsSync(cuesFile))
    return { file: out, cues: JSON.parse(fs.readFileSync(cuesFile, 'utf8')) };
  fs.mkdirSync(OUT, { recursive: true });
  const cues = [];
  const samples = text.split(/(?<=[.?!])\s+/).map((sentence, n) => {
    const wav = speak(sentence, path.join(OUT, `${name}.${process.pid}.${n}.wav`));
    const spoken = wavSamples(wav);
    fs.rmSync(wav);
    const start = cues.at(-1)?.end ?? 0;
    cues.push({ start, end: start + spoken.length / 32_000, text: sentence });
    return spoken;
  });
  const all = Buffer.concat(samples);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + all.length, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  [16, 1 | (1 << 16), 16_000, 32_000, 2 | (16 << 16)].forEach((n, i) => header.writeUInt32LE(n, 16 + 4 * i));
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(all.length, 40);
  const wav = path.join(OUT, `${name}.${process.pid}.wav`);
  fs.writeFileSync(wav, Buffer.concat([header, all]));
  fs.writeFileSync(`${cuesFile}.${process.pid}`, JSON.stringify(cues));
  videoOfSpeech(wav, out);
  fs.rmSync(wav);
  fs.renameSync(`${cuesFile}.${process.pid}`, cuesFile);
  return { file: out, cues };
}

/** A fast-start H.264 mp4 of `seconds` of a test picture with no audio stream at all (made on first use). */
export function videoWithoutSound(seconds) {
  const out = path.join(OUT, `no-sound-${seconds}s.mp4`);
  if (fs.existsSync(out)) return out;
  fs.mkdirSync(OUT, { recursive: true });
  const partial = `${out}.${process.pid}.partial.mp4`;
  execFileSync(ffmpegPath(), [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `testsrc2=size=160x120:rate=5:duration=${seconds}`],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', partial],
  ]);
  fs.renameSync(partial, out);
  return out;
}
