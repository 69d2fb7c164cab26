import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

// Which ffmpeg converts the videos (issue 20). A maintained system build comes first (Debian's `ffmpeg`
// package: security fixes, and an ffprobe beside it); the static build inside the npm package, from 2018,
// is the fallback, and the server warns about it in its log and on the course admins' video page.
// FFMPEG_PATH names one explicitly and must then be an executable file, else the server does not start.

export interface FfmpegTools {
  ffmpeg: string;
  /** ffprobe beside ffmpeg, or null (the bundled build has none): probes then read `ffmpeg -i`. */
  ffprobe: string | null;
  /** `prlimit` (util-linux), which caps each ffmpeg's memory; null where absent (the cap is then skipped). */
  prlimit: string | null;
  /** Where ffmpeg came from: FFMPEG_PATH, the system's PATH, or the npm package's old static build (however named). */
  source: 'configured' | 'system' | 'bundled';
}

/** Searched after PATH, so a service started with an empty environment still finds Debian's ffmpeg. */
const SYSTEM_DIRS = ['/usr/local/bin', '/usr/bin'];

const isExecutableFile = (file: string): boolean => {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
};

const findIn = (dirs: string[], name: string): string | null =>
  dirs.map((dir) => path.join(dir, name)).find(isExecutableFile) ?? null;

/** The binary inside the npm package (nothing is downloaded at install time; DESIGN §2). */
const bundledFfmpeg = (): string =>
  (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;

/**
 * The tools to run: `configured` (FFMPEG_PATH) when set, else the first ffmpeg on `searchPath` or in
 * /usr/local/bin and /usr/bin, else the bundled one. Returns a message instead when FFMPEG_PATH is wrong.
 */
export function findFfmpegTools(
  configured: string | undefined,
  searchPath = '',
  systemDirs = SYSTEM_DIRS,
): FfmpegTools | string {
  const dirs = [...searchPath.split(path.delimiter).filter(path.isAbsolute), ...systemDirs];
  const prlimit = findIn(dirs, 'prlimit');
  if (configured !== undefined) {
    const ffmpeg = path.resolve(configured);
    if (!isExecutableFile(ffmpeg))
      return `FFMPEG_PATH: ${ffmpeg} is not an executable file. Install ffmpeg (on Debian: apt-get install ffmpeg) and point FFMPEG_PATH at it, or leave FFMPEG_PATH unset.`;
    const source = ffmpeg === bundledFfmpeg() ? 'bundled' : 'configured';
    return { ffmpeg, ffprobe: findIn([path.dirname(ffmpeg)], 'ffprobe'), prlimit, source };
  }
  const system = findIn(dirs, 'ffmpeg');
  if (system)
    return { ffmpeg: system, ffprobe: findIn([path.dirname(system)], 'ffprobe'), prlimit, source: 'system' };
  return { ffmpeg: bundledFfmpeg(), ffprobe: null, prlimit, source: 'bundled' };
}

/** Said in the log at start and on the video admin page when the old bundled ffmpeg runs. */
export const BUNDLED_FFMPEG_WARNING =
  'Videos are converted with the ffmpeg build bundled with Lectern, from 2018. Install a maintained ffmpeg (on Debian: apt-get install ffmpeg) and restart Lectern.';
