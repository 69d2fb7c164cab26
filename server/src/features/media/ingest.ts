import { randomUUID } from 'node:crypto';
import fsp from 'node:fs/promises';
import type { AppDeps } from '../../app-deps';
import { deleteUnreferencedMediaRows, removeUnreferencedMedia } from './cleanup';
import { inspectUpload } from './processing/inspect';
import { makePoster } from './processing/process';
import { insertMediaFile, type MediaFacts } from './media-files.repository';

export type IngestedMedia = MediaFacts & { hasPoster: boolean };

/** A finished upload: ready to watch as it is, or waiting (as uploaded) for processing under `processingId`. */
export type Ingested = { ready: IngestedMedia } | { processingId: string };

/**
 * Takes a finished upload at `tempPath`: checks its type from the bytes (415 not a video Lectern can use,
 * 422 damaged). A fast-start H.264/AAC mp4 goes into the content-addressed store at once (with a poster);
 * anything else is set aside in originals/ for processing. The temp file is consumed either way: a refused
 * file leaves nothing behind (SECURITY UP-2). Shared by every upload path (multipart and tus, lecture
 * videos and answer videos); the caller discards an upload it does not use (discardIngested).
 */
export async function ingestUpload(deps: AppDeps, tempPath: string): Promise<Ingested> {
  let verdict: Awaited<ReturnType<typeof inspectUpload>>;
  try {
    verdict = await inspectUpload(deps.config.ffmpeg, tempPath);
  } catch (error) {
    await fsp.rm(tempPath, { force: true });
    throw error;
  }
  if (!verdict.ready) {
    const processingId = randomUUID();
    await fsp.rename(tempPath, deps.media.originalPathOf(processingId));
    return { processingId };
  }
  const stored = await deps.media.importFile(tempPath);
  const media = { ...stored, durationSeconds: verdict.durationSeconds };
  await insertMediaFile(deps.db, media);
  const hasPoster = await makePoster(
    deps.config.ffmpeg,
    deps.media.pathOf(stored.sha256),
    deps.media.posterPathOf(stored.sha256),
    verdict.durationSeconds,
  ).then(
    () => true,
    () => false, // a video without a poster still plays
  );
  return { ready: { ...media, hasPoster } };
}

/**
 * Removes what ingestUpload kept when the upload will not be used after all (its lecture was deleted
 * meanwhile, the caller lost the right): the set-aside original, or the stored file and its media row
 * unless another video or answer uses the same bytes (issue 12: it used to stay on disk forever).
 */
export async function discardIngested(deps: AppDeps, ingested: Ingested): Promise<void> {
  if ('processingId' in ingested) {
    await fsp.rm(deps.media.originalPathOf(ingested.processingId), { force: true });
    return;
  }
  const gone = await deleteUnreferencedMediaRows(deps.db, [ingested.ready.sha256]);
  await removeUnreferencedMedia(deps.db, deps.media, gone);
}
