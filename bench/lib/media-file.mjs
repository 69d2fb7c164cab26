import fs from 'node:fs';
import { largeMp4 } from '../../test-media/make.mjs';

/**
 * A synthetic 720p H.264/AAC faststart mp4 of about `mb` MB at `out` (generated once into
 * test-media/generated/ by the project's own script and ffmpeg, then hard-linked or copied).
 */
export function makeLargeMp4(mb, out) {
  const made = largeMp4(mb);
  try {
    fs.linkSync(made, out);
  } catch {
    fs.copyFileSync(made, out);
  }
  return out;
}
