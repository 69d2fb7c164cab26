import fsp from 'node:fs/promises';
import path from 'node:path';

// Unfinished resumable uploads expire UPLOAD_TTL_MS after creation (tus answers 410 from then on, and
// sends Upload-Expires). The purge deletes them, but never one that received bytes within the last
// IDLE_MS, so a purge run cannot cut a live upload (SECURITY UP-6). It also deletes scratch files left by
// a crash (multipart temp files, an info file without data). It runs as a recurring job, at startup and every hour, on one instance at a time.

export const UPLOAD_TTL_MS = 3 * 24 * 3600 * 1000;
export const PURGE_EVERY_MS = 3600 * 1000;
export const PURGE_JOB = 'uploads.purge';
const IDLE_MS = 3600 * 1000;

async function mtimeMs(file: string): Promise<number | null> {
  const stat = await fsp.stat(file).catch(() => null);
  return stat ? stat.mtimeMs : null;
}

async function readCreation(infoFile: string): Promise<number | null> {
  try {
    const info = JSON.parse(await fsp.readFile(infoFile, 'utf8')) as { creation_date?: string };
    return info.creation_date ? Date.parse(info.creation_date) : null;
  } catch {
    return null;
  }
}

/** Deletes expired tus uploads in `uploadsDir` and stale scratch files in `scratchDir`; returns the count. */
export async function purgeStaleUploads(
  uploadsDir: string,
  scratchDir: string,
  now: number,
): Promise<number> {
  let purged = 0;
  const names = await fsp.readdir(uploadsDir).catch(() => [] as string[]);
  for (const name of names.filter((n) => n.endsWith('.json'))) {
    const data = path.join(uploadsDir, name.slice(0, -'.json'.length));
    const created =
      (await readCreation(path.join(uploadsDir, name))) ??
      (await mtimeMs(path.join(uploadsDir, name))) ??
      now;
    const touched = (await mtimeMs(data)) ?? 0;
    if (created + UPLOAD_TTL_MS < now && touched + IDLE_MS < now) {
      await fsp.rm(data, { force: true });
      await fsp.rm(path.join(uploadsDir, name), { force: true });
      purged += 1;
    }
  }
  for (const dir of [uploadsDir, scratchDir]) {
    for (const name of await fsp.readdir(dir).catch(() => [] as string[])) {
      const file = path.join(dir, name);
      if (name.endsWith('.json') || names.includes(`${name}.json`)) continue;
      const touched = await mtimeMs(file);
      if (touched !== null && touched + UPLOAD_TTL_MS < now) {
        await fsp.rm(file, { force: true, recursive: true });
        purged += 1;
      }
    }
  }
  return purged;
}
