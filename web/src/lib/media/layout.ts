// Geometry of the screen-with-camera recording. Pure, so the picture's proportions are unit-tested.

export interface Size {
  width: number;
  height: number;
}
export interface Rect extends Size {
  x: number;
  y: number;
}

/** The recording is never larger than 1080p (the server's output limit), and never upscaled. */
export const MAX_CANVAS: Size = { width: 1920, height: 1080 };

/** `size` scaled down to fit inside `max`, keeping its shape; even numbers, as H.264 encoders need. */
export function fitWithin(size: Size, max: Size = MAX_CANVAS): Size {
  const scale = Math.min(1, max.width / size.width, max.height / size.height);
  const even = (n: number) => Math.max(2, 2 * Math.round((n * scale) / 2));
  return { width: even(size.width), height: even(size.height) };
}

/** The camera's place: a quarter of the canvas width, its own shape, in the bottom-right corner. */
export function cornerRect(canvas: Size, camera: Size): Rect {
  const width = Math.round(canvas.width / 4);
  const height = Math.round((width * camera.height) / Math.max(1, camera.width));
  const margin = Math.round(canvas.width / 50);
  return { x: canvas.width - width - margin, y: canvas.height - height - margin, width, height };
}
