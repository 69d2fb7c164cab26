import { describe, expect, it } from 'vitest';
import { containerOf, pickMimeType, recordingFileName } from './recording-format';
import { cornerRect, fitWithin } from './layout';

describe('pickMimeType', () => {
  it('prefers WebM VP9/Opus, then VP8, then MP4 with H.264', () => {
    expect(pickMimeType(() => true)).toBe('video/webm;codecs=vp9,opus');
    expect(pickMimeType((t) => !t.includes('vp9'))).toBe('video/webm;codecs=vp8,opus');
    expect(pickMimeType((t) => t.startsWith('video/mp4'))).toBe('video/mp4;codecs=avc1,mp4a.40.2');
    expect(pickMimeType((t) => t === 'video/mp4')).toBe('video/mp4');
    expect(pickMimeType(() => false)).toBeNull();
  });

  it('names the file by its container', () => {
    const at = new Date(2026, 10, 23, 9, 5, 7);
    expect(recordingFileName('video/webm;codecs=vp9,opus', at)).toBe('recording-2026-11-23-09-05-07.webm');
    expect(recordingFileName('video/mp4;codecs=avc1,opus', at)).toBe('recording-2026-11-23-09-05-07.mp4');
    expect(containerOf('video/mp4;codecs=avc1,opus')).toBe('video/mp4');
  });
});

describe('screen with camera layout', () => {
  it('never upscales and keeps a shape H.264 can encode', () => {
    expect(fitWithin({ width: 1280, height: 720 })).toEqual({ width: 1280, height: 720 });
    expect(fitWithin({ width: 3840, height: 2160 })).toEqual({ width: 1920, height: 1080 });
    expect(fitWithin({ width: 2560, height: 1600 })).toEqual({ width: 1728, height: 1080 });
    expect(fitWithin({ width: 1001, height: 555 })).toEqual({ width: 1002, height: 556 });
  });

  it('puts the camera in the bottom-right corner at a quarter of the width, in its own shape', () => {
    expect(cornerRect({ width: 1280, height: 720 }, { width: 640, height: 480 })).toEqual({
      x: 1280 - 320 - 26,
      y: 720 - 240 - 26,
      width: 320,
      height: 240,
    });
  });
});
