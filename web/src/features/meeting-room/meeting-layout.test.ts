import { describe, expect, it } from 'vitest';
import { MEETING_CANVAS, fitInto, meetingLayout } from './meeting-layout';

const VGA = { width: 640, height: 480 };
const HD = { width: 1280, height: 720 };

describe('fitInto', () => {
  it('letterboxes a source into its cell, centred, keeping its shape', () => {
    expect(fitInto({ x: 0, y: 0, width: 640, height: 720 }, VGA)).toEqual({
      x: 0,
      y: 120,
      width: 640,
      height: 480,
    });
    expect(fitInto({ x: 100, y: 0, width: 400, height: 100 }, VGA)).toEqual({
      x: 234,
      y: 0,
      width: 133,
      height: 100,
    });
  });
});

describe('meetingLayout', () => {
  it('puts two cameras side by side, each in its half', () => {
    const { cameras, screen } = meetingLayout(MEETING_CANVAS, [VGA, HD], null);
    expect(screen).toBeNull();
    expect(cameras[0]).toEqual({ x: 0, y: 120, width: 640, height: 480 });
    expect(cameras[1]).toEqual({ x: 640, y: 180, width: 640, height: 360 });
  });

  it('fills the canvas with a lone camera', () => {
    expect(meetingLayout(MEETING_CANVAS, [HD], null).cameras).toEqual([
      { x: 0, y: 0, width: 1280, height: 720 },
    ]);
  });

  it('gives a shared screen the left three quarters and stacks the cameras on the right', () => {
    const { cameras, screen } = meetingLayout(MEETING_CANVAS, [VGA, VGA], { width: 1920, height: 1080 });
    expect(screen).toEqual({ x: 0, y: 90, width: 960, height: 540 });
    for (const camera of cameras) {
      expect(camera.x).toBeGreaterThanOrEqual(960);
      expect(camera.x + camera.width).toBeLessThanOrEqual(1280);
    }
    expect(cameras[0]!.y + cameras[0]!.height).toBeLessThanOrEqual(cameras[1]!.y);
  });

  it('lets a screen with no camera take the whole canvas', () => {
    expect(meetingLayout(MEETING_CANVAS, [], HD).screen).toEqual({ x: 0, y: 0, width: 1280, height: 720 });
  });
});
