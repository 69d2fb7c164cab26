import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MEDIA } from '@lectern/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config/env';
import { HttpError } from '../../../lib/errors';
import { topLevelBoxTypes } from '../../../lib/mp4';
import { inspectUpload } from './inspect';
import { ProcessingFailure, processToMp4 } from './process';
import { probeMedia } from './probe';

// The real ffmpeg (the system's where installed, as in CI) on the project's own tiny test media
// (test-media/README.md).

const MEDIA_DIR = path.resolve(import.meta.dirname, '../../../../../test-media');
const ffmpeg = loadConfig({}).ffmpeg;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-processing-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const input = (name: string) => path.join(MEDIA_DIR, name);

async function processed(name: string, onProgress?: (p: number) => void) {
  const files = {
    input: input(name),
    output: path.join(dir, `${name}.mp4`),
    poster: path.join(dir, `${name}.jpg`),
  };
  const result = await processToMp4(ffmpeg, files, { onProgress });
  return { ...result, ...files };
}

async function statusOf(name: string): Promise<number> {
  const error = await inspectUpload(ffmpeg, input(name)).catch((e: unknown) => e);
  return error instanceof HttpError ? error.statusCode : 0;
}

// Each case runs ffmpeg once or more: seconds on a busy machine.
describe('inspectUpload', { timeout: 60_000 }, () => {
  it('takes a fast-start H.264/AAC mp4 as it is, with its duration', async () => {
    const verdict = await inspectUpload(ffmpeg, input('lecture-10s.mp4'));
    expect(verdict.ready && verdict.durationSeconds).toBeCloseTo(10, 0);
  });

  it.each([
    'moov-at-end-5s.mp4',
    'input-h264-aac.mov',
    'input-h264-aac.m4v',
    'input-hevc-aac.mp4',
    'input-vp8-vorbis.webm',
    'input-vp9-opus.webm',
    'input-av1-opus.webm',
    'input-h264-opus.mkv',
    'recorded-vp8-opus.webm',
    'recorded-h264-opus.mp4',
  ])('sends %s to processing', async (name) => {
    expect(await inspectUpload(ffmpeg, input(name))).toEqual({ ready: false });
  });

  it('refuses what is not a video with 415 and the message, and a damaged one with 422', async () => {
    const error = await inspectUpload(ffmpeg, input('text-disguised-as.mp4')).catch((e: unknown) => e);
    expect(error).toMatchObject({ statusCode: 415, message: MEDIA.notAVideo });
    expect(await statusOf('audio-only.m4a')).toBe(415);
    expect(await statusOf('damaged.mp4')).toBe(422);
    expect(await statusOf('damaged.webm')).toBe(422);
  });
});

describe('processToMp4', { timeout: 60_000 }, () => {
  it.each([
    ['moov-at-end-5s.mp4', 5, true],
    ['input-h264-aac.mov', 2, true],
    ['input-h264-aac.m4v', 2, true],
    ['input-hevc-aac.mp4', 2, false],
    ['input-vp8-vorbis.webm', 2, false],
    ['input-vp9-opus.webm', 2, false],
    ['input-av1-opus.webm', 2, false],
    ['input-h264-opus.mkv', 2, false],
    ['recorded-vp8-opus.webm', 2, false],
    ['recorded-h264-opus.mp4', 2, false],
  ])(
    'makes %s a fast-start H.264/AAC mp4 of %d s with a poster (remux: %s)',
    async (name, seconds, remux) => {
      const result = await processed(name);
      expect(result.remuxed).toBe(remux);
      expect(result.durationSeconds).toBeGreaterThan(seconds - 0.2);
      expect(result.durationSeconds).toBeLessThan(seconds + 0.25);
      const boxes = await topLevelBoxTypes(result.output);
      expect(boxes[0]).toBe('ftyp');
      expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
      const probe = await probeMedia(ffmpeg, 'isobmff', result.output);
      expect(probe.video).toMatchObject({
        codec: 'h264',
        pixFmt: 'yuv420p',
        width: 160 + (seconds === 5 ? 160 : 0),
      });
      if (name !== 'moov-at-end-5s.mp4') expect(probe.audio).toEqual({ codec: 'aac' });
      expect(fs.readFileSync(result.poster).subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    },
  );

  it("reports progress from ffmpeg's own output", async () => {
    const seen: number[] = [];
    await processed('input-vp9-opus.webm', (p) => seen.push(p));
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((p) => p >= 0 && p <= 99)).toBe(true);
  });

  it('fails with a readable reason on a damaged file', async () => {
    const error = await processed('damaged.webm').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProcessingFailure);
    expect((error as Error).message).toBe(MEDIA.damaged);
  });

  it('stops ffmpeg when aborted', async () => {
    const files = {
      input: input('input-vp9-opus.webm'),
      output: path.join(dir, 'a.mp4'),
      poster: path.join(dir, 'a.jpg'),
    };
    const controller = new AbortController();
    controller.abort(new Error('stopped'));
    await expect(processToMp4(ffmpeg, files, { signal: controller.signal })).rejects.toThrow('stopped');
  });
});
