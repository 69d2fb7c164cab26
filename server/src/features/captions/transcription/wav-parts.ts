import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';

// A long recording cut into parts that engines hear side by side, one per core: PocketSphinx uses one core
// per process, so a 60-minute lecture heard whole takes 20 minutes here, heard in two halves about 10.
// Each cut falls in the quietest stretch near its ideal place, between words, so no word is split.

/** 16 kHz mono 16-bit, the one format every engine takes (engine.ts). */
const BYTES_PER_SECOND = 16_000 * 2;
/** Where a cut may move from its ideal place, either way: a lecturer pauses more often than that. */
const SEARCH_SECONDS = 10;
/** The stretch whose loudness is weighed: a pause between sentences, not a stop inside a word. */
const QUIET_SECONDS = 0.3;
const FRAME_BYTES = 0.01 * BYTES_PER_SECOND;

export interface WavPart {
  file: string;
  /** Where the part starts in the whole recording, in seconds. */
  offsetSeconds: number;
}

/** Where the samples of a WAV file are: ffmpeg may write chunks (LIST) before `data`. */
export async function wavData(file: string): Promise<{ start: number; bytes: number }> {
  const handle = await fsp.open(file, 'r');
  try {
    const { size } = await handle.stat();
    const header = Buffer.alloc(8);
    let at = 12; // "RIFF" <size> "WAVE"
    while (at + 8 <= size) {
      await handle.read(header, 0, 8, at);
      const bytes = header.readUInt32LE(4);
      if (header.toString('ascii', 0, 4) === 'data')
        return { start: at + 8, bytes: Math.min(bytes, size - at - 8) };
      at += 8 + bytes + (bytes % 2);
    }
    throw new Error(`${file} has no audio data`);
  } finally {
    await handle.close();
  }
}

/** The byte (from the data's start, on a sample) at the middle of the quietest stretch of `samples`. */
export function quietestPlace(samples: Buffer): number {
  const frames = Math.floor(samples.length / FRAME_BYTES);
  const energy = new Float64Array(frames);
  for (let f = 0; f < frames; f++) {
    let sum = 0;
    for (let i = f * FRAME_BYTES; i < (f + 1) * FRAME_BYTES; i += 2) sum += samples.readInt16LE(i) ** 2;
    energy[f] = sum;
  }
  const width = Math.min(frames, Math.round(QUIET_SECONDS / 0.01));
  let window = energy.slice(0, width).reduce((a, b) => a + b, 0);
  let best = { frame: 0, energy: window };
  for (let f = width; f < frames; f++) {
    window += energy[f]! - energy[f - width]!;
    if (window < best.energy) best = { frame: f - width + 1, energy: window };
  }
  return (best.frame + Math.floor(width / 2)) * FRAME_BYTES;
}

/** A WAV header for `bytes` of 16 kHz mono 16-bit samples. */
function wavHeader(bytes: number): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + bytes, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(16_000, 24);
  header.writeUInt32LE(BYTES_PER_SECOND, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(bytes, 40);
  return header;
}

/** `bytes` of samples of `file` from byte `start` (of the file), as a WAV file of their own. */
async function copySamples(file: string, start: number, bytes: number, out: string): Promise<void> {
  await fsp.writeFile(out, wavHeader(bytes));
  if (bytes === 0) return;
  const samples = fs.createReadStream(file, { start, end: start + bytes - 1 });
  await pipeline(samples, fs.createWriteStream(out, { flags: 'a' }));
}

/**
 * The stretch of `file` from `startSeconds` to `endSeconds` (bounded by the recording) as WAV in `out`:
 * a cue's speech, to adapt the engine on.
 */
export async function cutWav(file: string, startSeconds: number, endSeconds: number, out: string) {
  const data = await wavData(file);
  const at = (seconds: number) =>
    Math.min(data.bytes, Math.max(0, Math.floor((seconds * BYTES_PER_SECOND) / 2) * 2));
  await copySamples(file, data.start + at(startSeconds), at(endSeconds) - at(startSeconds), out);
  return out;
}

/**
 * Cuts `file` into at most `count` parts of at least `minSeconds` each, written beside it as
 * `<file>.part<n>.wav`; a recording too short to cut comes back whole, as itself.
 */
export async function splitAtPauses(file: string, count: number, minSeconds: number): Promise<WavPart[]> {
  const data = await wavData(file);
  const parts = Math.max(1, Math.min(count, Math.floor(data.bytes / BYTES_PER_SECOND / minSeconds)));
  if (parts === 1) return [{ file, offsetSeconds: 0 }];
  const handle = await fsp.open(file, 'r');
  const cuts = [0];
  try {
    for (let n = 1; n < parts; n++) {
      const ideal = Math.floor((data.bytes * n) / parts / 2) * 2;
      const from = Math.max(cuts.at(-1)!, ideal - SEARCH_SECONDS * BYTES_PER_SECOND);
      const around = Buffer.alloc(Math.min(data.bytes - from, 2 * SEARCH_SECONDS * BYTES_PER_SECOND));
      await handle.read(around, 0, around.length, data.start + from);
      cuts.push(from + quietestPlace(around));
    }
  } finally {
    await handle.close();
  }
  cuts.push(data.bytes);
  return Promise.all(
    cuts.slice(0, -1).map(async (cut, n) => {
      const part = `${file}.part${n + 1}.wav`;
      await copySamples(file, data.start + cut, cuts[n + 1]! - cut, part);
      return { file: part, offsetSeconds: cut / BYTES_PER_SECOND };
    }),
  );
}
