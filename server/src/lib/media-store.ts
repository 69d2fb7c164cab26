import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';

// Media files are named by the sha256 of their bytes (DESIGN §4): copies cost no disk, names are ours
// (SECURITY UP-3). Behind this small interface so an S3-compatible store can replace the disk later (DESIGN §7).

const SHA256 = /^[a-f0-9]{64}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface StoredMedia {
  sha256: string;
  sizeBytes: number;
}

export interface MediaStore {
  /** Absolute path of a stored file; throws on anything that is not a sha256 (no path tricks). */
  pathOf(sha256: string): string;
  /** A fresh scratch path on the store's filesystem, for a file about to be imported (renamed, not copied). */
  tempPath(): string;
  /** Moves a finished file into the store (the source is consumed). */
  importFile(sourcePath: string): Promise<StoredMedia>;
  /** Streams bytes into the store, hashing as they pass; nothing is held whole in memory. */
  importStream(source: Readable): Promise<StoredMedia>;
  /** The poster JPEG of a stored file (made by processing); removed with the file. */
  posterPathOf(sha256: string): string;
  /** Where an upload waits, as uploaded, until processing has verified its output (issue 9). */
  originalPathOf(processingId: string): string;
  remove(sha256: string): Promise<void>;
  exists(sha256: string): Promise<boolean>;
}

export const isSha256 = (value: string): boolean => SHA256.test(value);

export function createDiskMediaStore(mediaDir: string): MediaStore {
  fs.mkdirSync(mediaDir, { recursive: true });
  const incoming = path.join(mediaDir, '.incoming');
  const posters = path.join(mediaDir, 'posters');
  const originals = path.join(mediaDir, 'originals');
  for (const dir of [incoming, posters, originals]) fs.mkdirSync(dir, { recursive: true });

  const pathOf = (sha256: string): string => {
    if (!isSha256(sha256)) throw new Error('not a media id');
    return path.join(mediaDir, `${sha256}.mp4`);
  };

  async function hashFile(file: string): Promise<string> {
    const hash = createHash('sha256');
    await pipeline(fs.createReadStream(file, { highWaterMark: 1024 * 1024 }), hash);
    return hash.digest('hex');
  }

  /** Renames into place; the same bytes already stored make the new copy redundant. */
  async function settle(tempPath: string, sha256: string, sizeBytes: number): Promise<StoredMedia> {
    const target = pathOf(sha256);
    if (fs.existsSync(target)) await fsp.rm(tempPath, { force: true });
    else await fsp.rename(tempPath, target);
    return { sha256, sizeBytes };
  }

  const posterPathOf = (sha256: string): string => {
    if (!isSha256(sha256)) throw new Error('not a media id');
    return path.join(posters, `${sha256}.jpg`);
  };

  return {
    pathOf,
    posterPathOf,
    originalPathOf(processingId) {
      if (!UUID.test(processingId)) throw new Error('not a processing id');
      return path.join(originals, processingId);
    },
    tempPath: () => path.join(incoming, `tmp-${randomUUID()}`),
    async importFile(sourcePath) {
      const sha256 = await hashFile(sourcePath);
      const { size } = await fsp.stat(sourcePath);
      const temp = path.join(incoming, randomUUID());
      try {
        await fsp.rename(sourcePath, temp);
      } catch {
        await fsp.copyFile(sourcePath, temp); // another filesystem
        await fsp.rm(sourcePath, { force: true });
      }
      return settle(temp, sha256, size);
    },
    async importStream(source) {
      const temp = path.join(incoming, randomUUID());
      const hash = createHash('sha256');
      let size = 0;
      source.on('data', (chunk: Buffer) => {
        hash.update(chunk);
        size += chunk.length;
      });
      try {
        await pipeline(source, fs.createWriteStream(temp));
      } catch (error) {
        await fsp.rm(temp, { force: true });
        throw error;
      }
      return settle(temp, hash.digest('hex'), size);
    },
    async remove(sha256) {
      await fsp.rm(pathOf(sha256), { force: true });
      await fsp.rm(posterPathOf(sha256), { force: true });
    },
    async exists(sha256) {
      return isSha256(sha256) && fs.existsSync(pathOf(sha256));
    },
  };
}
