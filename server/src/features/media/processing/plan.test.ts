import { describe, expect, it } from 'vitest';
import { ffmpegArgs, outputSize, planProcessing } from './plan';
import { parseProbe, parseProbeJson } from './probe';

describe('outputSize', () => {
  it('caps at 1080p either way round and never upscales', () => {
    expect(outputSize({ width: 3840, height: 2160 })).toEqual({ width: 1920, height: 1080 });
    expect(outputSize({ width: 2160, height: 3840 })).toEqual({ width: 1080, height: 1920 });
    expect(outputSize({ width: 1280, height: 720 })).toEqual({ width: 1280, height: 720 });
    expect(outputSize({ width: 321, height: 241 })).toEqual({ width: 322, height: 242 });
  });
});

describe('parseProbe and planProcessing', () => {
  const stderr = (video: string, audio = 'Audio: aac (LC) (mp4a / 0x6134706D), 48000 Hz, stereo, fltp') =>
    [
      "Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'x.mp4':",
      '  Duration: 00:01:02.50, start: 0.000000, bitrate: 800 kb/s',
      `    Stream #0:0(und): Video: ${video}`,
      `    Stream #0:1(und): ${audio}`,
      'At least one output file must be specified',
    ].join('\n');

  it('reads duration, codecs and size, and copies what is already right', () => {
    const probe = parseProbe(
      stderr(
        'h264 (High) (avc1 / 0x31637661), yuv420p(tv, progressive), 1280x720 [SAR 1:1 DAR 16:9], 25 fps',
      ),
    );
    expect(probe).toMatchObject({ durationSeconds: 62.5, unreadable: null, audio: { codec: 'aac' } });
    expect(probe.video).toEqual({ codec: 'h264', pixFmt: 'yuv420p', width: 1280, height: 720 });
    expect(planProcessing({ ...probe, video: probe.video! })).toEqual({ video: 'copy', audio: 'copy' });
  });

  it('re-encodes 10-bit, oversized and non-H.264 video, and Opus sound', () => {
    const tenBit = parseProbe(stderr('h264 (High 10), yuv420p10le, 1280x720'));
    expect(planProcessing({ ...tenBit, video: tenBit.video! }).video).toEqual({ width: 1280, height: 720 });
    const big = parseProbe(stderr('h264 (High), yuv420p, 3840x2160', 'Audio: opus, 48000 Hz, stereo'));
    expect(planProcessing({ ...big, video: big.video! })).toEqual({
      video: { width: 1920, height: 1080 },
      audio: 'encode',
    });
  });

  it("swaps the sides of a phone's rotated video", () => {
    const rotated = parseProbe(`${stderr('h264 (High), yuv420p, 1920x1080')}\n      rotate          : 90`);
    expect(rotated.video).toMatchObject({ width: 1080, height: 1920 });
  });

  it('says when ffmpeg cannot read the file', () => {
    expect(parseProbe('x.webm: End of file\n').unreadable).toBe('x.webm: End of file');
  });
});

describe('parseProbeJson', () => {
  const json = (streams: object[], format: object = { duration: '36000.000000' }) =>
    JSON.stringify({ streams, format });
  const h264 = { codec_type: 'video', codec_name: 'h264', pix_fmt: 'yuv420p', width: 1920, height: 1080 };

  it("takes the streams' duration over the container's, the longest stream's", () => {
    const probe = parseProbeJson(
      json([
        { ...h264, duration: '6.000000' },
        { codec_type: 'audio', codec_name: 'aac', duration: '6.021333' },
      ]),
    );
    expect(probe).toMatchObject({ durationSeconds: 6.021333, streamsDurationSeconds: 6.021333 });
    expect(probe.video).toEqual({ codec: 'h264', pixFmt: 'yuv420p', width: 1920, height: 1080 });
    expect(probe.audio).toEqual({ codec: 'aac' });
  });

  it("falls back to the container's duration when no stream has one (Matroska)", () => {
    expect(parseProbeJson(json([{ ...h264 }], { duration: '2.5' }))).toMatchObject({
      durationSeconds: 2.5,
      streamsDurationSeconds: null,
    });
  });

  it('swaps the sides of a rotated video and skips a cover picture', () => {
    const rotated = parseProbeJson(
      json([
        { ...h264, width: 640, height: 640, disposition: { attached_pic: 1 } },
        { ...h264, side_data_list: [{ side_data_type: 'Display Matrix', rotation: -90 }] },
      ]),
    );
    expect(rotated.video).toMatchObject({ width: 1080, height: 1920 });
  });
});

describe('ffmpegArgs', () => {
  it('keeps the frames of a variable-rate recording as they are when re-encoding (no 1000 fps duplicates)', () => {
    const reencode = { video: { width: 1280, height: 720 }, audio: 'encode' } as const;
    const args = ffmpegArgs(reencode, [], 'in.webm', 'out.mp4');
    expect(args.join(' ')).toContain('-vsync vfr');
    expect(ffmpegArgs({ video: 'copy', audio: 'copy' }, [], 'in.mp4', 'out.mp4')).not.toContain('-vsync');
  });

  it('puts the input options before the input', () => {
    const args = ffmpegArgs({ video: 'copy', audio: 'copy' }, ['-f', 'mov'], 'in.mp4', 'out.mp4');
    expect(args.join(' ')).toContain('-f mov -i in.mp4');
  });
});
