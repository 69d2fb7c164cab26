import type { Rect, Size } from '../../lib/media/layout';

// Geometry of a meeting's recording. Pure, so the picture's proportions are unit-tested.

/** 720p: enough for two faces side by side, and light for the instructor's browser to encode. */
export const MEETING_CANVAS: Size = { width: 1280, height: 720 };

/** `source` as large as it fits in `cell`, centred, its shape kept (letterboxed, never stretched). */
export function fitInto(cell: Rect, source: Size): Rect {
  const scale = Math.min(cell.width / Math.max(1, source.width), cell.height / Math.max(1, source.height));
  const width = Math.round(source.width * scale);
  const height = Math.round(source.height * scale);
  return {
    x: cell.x + Math.round((cell.width - width) / 2),
    y: cell.y + Math.round((cell.height - height) / 2),
    width,
    height,
  };
}

/**
 * Where each camera (and the shared screen, if any) is drawn. Without a screen the cameras sit side by
 * side in equal columns; with one, the screen takes the left three quarters and the cameras stack in the
 * right quarter, so the slides stay readable and every face stays in the picture.
 */
export function meetingLayout(
  canvas: Size,
  cameras: Size[],
  screen: Size | null,
): { cameras: Rect[]; screen: Rect | null } {
  if (!screen) {
    const width = canvas.width / Math.max(1, cameras.length);
    return {
      cameras: cameras.map((camera, i) =>
        fitInto({ x: Math.round(i * width), y: 0, width: Math.round(width), height: canvas.height }, camera),
      ),
      screen: null,
    };
  }
  const stripWidth = cameras.length > 0 ? Math.round(canvas.width / 4) : 0;
  const screenRect = fitInto({ x: 0, y: 0, width: canvas.width - stripWidth, height: canvas.height }, screen);
  const height = canvas.height / Math.max(1, cameras.length);
  return {
    cameras: cameras.map((camera, i) =>
      fitInto(
        {
          x: canvas.width - stripWidth,
          y: Math.round(i * height),
          width: stripWidth,
          height: Math.round(height),
        },
        camera,
      ),
    ),
    screen: screenRect,
  };
}
