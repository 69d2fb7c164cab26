import fsp from 'node:fs/promises';
import type { AppDeps } from '../../app-deps';
import { HttpError, unsupportedMedia } from '../../lib/errors';
import { inspectMp4, Mp4Error } from '../../lib/mp4';
import { insertMediaFile, type MediaFacts } from './videos.repository';

export type IngestedMedia = MediaFacts;

/**
 * Takes a finished upload at `tempPath`: checks it is an mp4 (415 not an mp4, 422 a damaged one), moves
 * it into the content-addressed store and records it in media_files. The temp file is consumed either way:
 * a refused file leaves nothing behind (SECURITY UP-2). Shared by every upload path (multipart and tus,
 * lecture videos and answer videos).
 */
export async function ingestMp4File(deps: AppDeps, tempPath: string): Promise<IngestedMedia> {
  let durationSeconds: number;
  try {
    ({ durationSeconds } = await inspectMp4(tempPath));
  } catch (error) {
    await fsp.rm(tempPath, { force: true });
    if (error instanceof Mp4Error) {
      throw error.problem === 'not-mp4'
        ? unsupportedMedia(error.message)
        : new HttpError(422, 'UNPROCESSABLE', error.message);
    }
    throw error;
  }
  const stored = await deps.media.importFile(tempPath);
  const media = { ...stored, durationSeconds };
  await insertMediaFile(deps.db, media);
  return media;
}
