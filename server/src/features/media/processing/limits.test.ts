import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MEDIA } from '@lectern/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config/env';
import { inspectMp4 } from '../../../lib/mp4';
import { heldFfmpeg } from '../test/held-ffmpeg';
import { FFMPEG_ADDRESS_SPACE_BYTES, boundedCommand, paceLimitMs } from './ffmpeg';
import { inspectUpload } from './inspect';
import { ProcessingFailure, processToMp4 } from './process';

// ffmpeg under control (issue 20), on media this test makes with ffmpeg: frames above 4096x4096 and videos
// above 4 hours are refused with a clear message, an mp4 whose header claims 10 h for 6 s of streams gets
// its true length, a conversion that stops making progress is stopped (a bound in whole milliseconds, which
// timers need), every run is capped in memory, and every ffmpeg and ffprobe run reads local files only,
// with the sniffed container's own demuxer.

const tools = loadConfig({}).ffmpeg;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-limits-'));
const file = (name: string) => path.join(dir, name);
const make = (name: string, args: string[]) => {
  execFileSync(tools.ffmpeg, ['-v', 'error', '-y', ...args, '-pix_fmt', 'yuv420p', file(name)]);
  return file(name);
};
const h264 = ['-c:v', 'libx264', '-preset', 'ultrafast'];

let wide = '';
let long = '';
let liar = '';
beforeAll(() => {
  wide = make('wide.mp4', ['-f', 'lavfi', '-i', 'color=size=4112x16:rate=1', '-frames:v', '1', ...h264]);
  // Two frames 10,000 s apart: 5.6 hours, in a few hundred bytes.
  long = make('long.mp4', ['-f', 'lavfi', '-i', 'color=size=64x64:rate=1/10000', '-frames:v', '2', ...h264]);
  // 6 s of H.264 and AAC, moov first; then its mvhd (timescale 1000 here) is made to claim 10 hours.
  const honest = make('honest.mp4', [
    ...['-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=10', '-f', 'lavfi', '-i', 'sine'],
    ...['-t', '6', ...h264, '-c:a', 'aac', '-movflags', '+faststart'],
  ]);
  const bytes = fs.readFileSync(honest);
  const mvhd = bytes.indexOf('mvhd');
  const timescale = bytes.readUInt32BE(mvhd + 16);
  bytes.writeUInt32BE(timescale * 36_000, mvhd + 20);
  liar = file('liar.mp4');
  fs.writeFileSync(liar, bytes);
}, 120_000);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (e: unknown) => e,
  );
const filesFor = (input: string) => ({ input, output: `${input}.out.mp4`, poster: `${input}.jpg` });

// Each case runs ffmpeg a few times: seconds on a busy machine.
describe('ffmpeg limits', { timeout: 60_000 }, () => {
  it('refuses a frame wider than 4096 pixels at upload and in processing', async () => {
    expect(await refusal(inspectUpload(tools, wide))).toMatchObject({
      statusCode: 422,
      message: MEDIA.frameTooLarge,
    });
    const failure = await refusal(processToMp4(tools, filesFor(wide)));
    expect(failure).toBeInstanceOf(ProcessingFailure);
    expect((failure as Error).message).toBe(MEDIA.frameTooLarge);
  });

  it('refuses a video longer than 4 hours', async () => {
    expect(await refusal(inspectUpload(tools, long))).toMatchObject({
      statusCode: 422,
      message: MEDIA.tooLong,
    });
    expect(await refusal(processToMp4(tools, filesFor(long)))).toMatchObject({ message: MEDIA.tooLong });
  });

  it("takes the duration from the streams, not from the mp4 header's claim", async () => {
    expect((await inspectMp4(liar)).durationSeconds).toBe(36_000);
    // Not stored as it is: its header would show 10 hours to every player.
    expect(await inspectUpload(tools, liar)).toEqual({ ready: false });
    const result = await processToMp4(tools, filesFor(liar));
    expect(result.remuxed).toBe(true);
    expect(result.durationSeconds).toBeGreaterThan(5.8);
    expect(result.durationSeconds).toBeLessThan(6.3);
  });

  it('stops a conversion that makes no progress, with a reason the instructor can read', async () => {
    const held = heldFfmpeg();
    held.hold(true);
    try {
      const run = processToMp4({ ...tools, ffmpeg: held.path }, filesFor(liar), {
        pace: { graceMs: 500, perVideoSecondMs: 100 },
      });
      const failure = await refusal(run);
      expect(failure).toBeInstanceOf(ProcessingFailure);
      expect((failure as Error).message).toBe(MEDIA.tooSlow);
    } finally {
      held.hold(false);
    }
  });

  it('bounds a run in whole milliseconds, never less than the pace allows (a timer refuses a fraction)', () => {
    const pace = { graceMs: 120_000, perVideoSecondMs: 10_000 };
    const bound = paceLimitMs(pace, 40.095215); // a length media_files holds
    expect(Number.isInteger(bound)).toBe(true);
    expect(bound).toBeGreaterThanOrEqual(120_000 + 10_000 * 40.095215);
    expect(() => AbortSignal.timeout(bound)).not.toThrow();
  });

  it('caps the memory of every ffmpeg run', () => {
    expect(tools.prlimit, 'prlimit (util-linux) is installed').not.toBeNull();
    const [command, args] = boundedCommand(tools, '/bin/cat', ['/proc/self/limits']);
    const limits = execFileSync(command, args, { encoding: 'utf8' });
    expect(limits).toMatch(new RegExp(`Max address space\\s+${FFMPEG_ADDRESS_SPACE_BYTES}\\s`));
  });

  it('runs every ffmpeg and ffprobe on local files only, with the container’s own demuxer', async () => {
    const log = file('calls.log');
    const spy = (real: string, name: string) => {
      const script = file(name);
      fs.writeFileSync(script, `#!/bin/sh\necho "$*" >> "${log}"\nexec "${real}" "$@"\n`, { mode: 0o755 });
      return script;
    };
    const spied = {
      ...tools,
      ffmpeg: spy(tools.ffmpeg, 'ffmpeg'),
      ffprobe: tools.ffprobe && spy(tools.ffprobe, 'ffprobe'),
    };
    const webm = path.resolve(import.meta.dirname, '../../../../../test-media/input-vp8-vorbis.webm');
    await inspectUpload(spied, webm);
    await processToMp4(spied, filesFor(liar));
    const calls = fs.readFileSync(log, 'utf8').trim().split('\n');
    expect(calls.length).toBeGreaterThanOrEqual(4); // probe, probe, convert, poster
    for (const call of calls) {
      expect(call).toMatch(/-protocol_whitelist file -f (mov|matroska) -max_pixels 16777216 -i /);
    }
    expect(calls[0]).toContain('-f matroska');
  });
});
