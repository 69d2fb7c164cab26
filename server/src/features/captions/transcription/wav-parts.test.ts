import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cutWav, splitAtPauses, wavData } from './wav-parts';

const RATE = 16_000;
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-wav-parts-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** 16 kHz mono 16-bit samples: a loud tone, except silence over [quietFrom, quietTo) seconds. */
function samples(seconds: number, quietFrom: number, quietTo: number): Buffer {
  const out = Buffer.alloc(seconds * RATE * 2);
  for (let i = 0; i < seconds * RATE; i++) {
    const t = i / RATE;
    const loud = t < quietFrom || t >= quietTo;
    out.writeInt16LE(loud ? Math.round(8000 * Math.sin(2 * Math.PI * 220 * t)) : 0, i * 2);
  }
  return out;
}

/** A WAV file as ffmpeg writes one: a LIST chunk between the format and the samples. */
function writeWav(file: string, data: Buffer): string {
  const fmt = Buffer.alloc(24);
  fmt.write('fmt ', 0, 'ascii');
  fmt.writeUInt32LE(16, 4);
  fmt.writeUInt16LE(1, 8);
  fmt.writeUInt16LE(1, 10);
  fmt.writeUInt32LE(RATE, 12);
  fmt.writeUInt32LE(RATE * 2, 16);
  fmt.writeUInt16LE(2, 20);
  fmt.writeUInt16LE(16, 22);
  const list = Buffer.concat([
    Buffer.from('LIST'),
    Buffer.from([5, 0, 0, 0]),
    Buffer.from('INFOx'),
    Buffer.alloc(1),
  ]);
  const head = Buffer.alloc(8);
  head.write('data', 0, 'ascii');
  head.writeUInt32LE(data.length, 4);
  const body = Buffer.concat([Buffer.from('WAVE'), fmt, list, head, data]);
  const riff = Buffer.alloc(8);
  riff.write('RIFF', 0, 'ascii');
  riff.writeUInt32LE(body.length, 4);
  fs.writeFileSync(file, Buffer.concat([riff, body]));
  return file;
}

describe('splitAtPauses', () => {
  it('finds the samples after chunks before them', async () => {
    const file = writeWav(path.join(scratch, 'list.wav'), samples(1, 0, 0));
    const { start, bytes } = await wavData(file);
    expect(bytes).toBe(RATE * 2);
    expect(start).toBe(fs.statSync(file).size - bytes);
  });

  it('cuts in the pause nearest the middle, and the parts hold every sample once', async () => {
    const data = samples(20, 12, 12.6);
    const file = writeWav(path.join(scratch, 'talk.wav'), data);
    const parts = await splitAtPauses(file, 2, 5);
    expect(parts).toHaveLength(2);
    expect(parts[0]).toEqual({ file: `${file}.part1.wav`, offsetSeconds: 0 });
    expect(parts[1]!.offsetSeconds).toBeGreaterThanOrEqual(12);
    expect(parts[1]!.offsetSeconds).toBeLessThan(12.6);
    const heard = await Promise.all(parts.map(async (p) => ({ ...(await wavData(p.file)), file: p.file })));
    const joined = Buffer.concat(
      heard.map((h) => fs.readFileSync(h.file).subarray(h.start, h.start + h.bytes)),
    );
    expect(joined.equals(data)).toBe(true);
    expect(heard[0]!.bytes).toBe(parts[1]!.offsetSeconds * RATE * 2);
  });

  it('leaves a recording too short to cut whole', async () => {
    const file = writeWav(path.join(scratch, 'short.wav'), samples(8, 4, 4.5));
    expect(await splitAtPauses(file, 2, 5)).toEqual([{ file, offsetSeconds: 0 }]);
    expect(fs.existsSync(`${file}.part1.wav`)).toBe(false);
  });
});

describe('cutWav', () => {
  it("copies a cue's stretch of samples, bounded by the recording", async () => {
    const data = samples(4, 0, 0);
    const file = writeWav(path.join(scratch, 'cue.wav'), data);
    const cue = await cutWav(file, 1.25, 2.5, path.join(scratch, 'cue-1.wav'));
    const { start, bytes } = await wavData(cue);
    expect(start).toBe(44);
    expect(
      fs
        .readFileSync(cue)
        .subarray(start)
        .equals(data.subarray(1.25 * RATE * 2, 2.5 * RATE * 2)),
    ).toBe(true);
    expect(bytes).toBe(1.25 * RATE * 2);
    // A cue's margin past either end of the recording takes what there is.
    const edges = await cutWav(file, -0.15, 4.15, path.join(scratch, 'cue-2.wav'));
    expect((await wavData(edges)).bytes).toBe(data.length);
  });
});
