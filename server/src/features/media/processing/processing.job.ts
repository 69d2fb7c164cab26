import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { MEDIA } from '@lectern/shared';
import type { AppDeps } from '../../../app-deps';
import type { DbOrTx } from '../../../db/client';
import { removeUnreferencedMedia } from '../cleanup';
import type { IngestedMedia } from '../ingest';
import { insertMediaFile } from '../media-files.repository';
import { ProcessingFailure, processToMp4 } from './process';
import {
  deleteProcessing,
  findProcessing,
  lockProcessing,
  type ProcessingRow,
} from './processing.repository';

// One conversion (issue 9): the original set aside at upload becomes a verified fast-start MP4 in the
// content-addressed store, then its target (a lecture video, or an answer: registered by the feature that
// owns it) becomes ready in the same transaction that deletes the processing entry. The original is
// dropped only after that commit (unless KEEP_ORIGINALS). Work files are named by the entry, so a run
// after a crash overwrites the dead run's leftovers and removes them at the end.

export interface ProcessingTarget {
  /**
   * Makes the object ready with `media`. Must call `claim(tx)` inside its own transaction: false means the
   * entry is gone (deleted meanwhile) and nothing may change. Resolves true when the object became ready.
   */
  finish(
    deps: AppDeps,
    entry: ProcessingRow,
    media: IngestedMedia,
    claim: (tx: DbOrTx) => Promise<boolean>,
  ): Promise<boolean>;
  /** Records a permanent failure with a reason the instructor can read. */
  fail(deps: AppDeps, entry: ProcessingRow, reason: string): Promise<void>;
  /** ffmpeg's progress, whole percent (at most once a second). */
  progress?(deps: AppDeps, entry: ProcessingRow, percent: number): Promise<void>;
}

export type TargetName = 'video' | 'response' | 'followUpAnswer';
/** What a finished conversion turns into, by the kind of its entry: registered by the owning feature. */
export type ProcessingTargets = Map<TargetName, ProcessingTarget>;

const targetOf = (targets: ProcessingTargets, entry: ProcessingRow) =>
  targets.get(entry.videoId ? 'video' : entry.followUpId ? 'followUpAnswer' : 'response');

const PROGRESS_EVERY_MS = 1000;

function workFiles(deps: AppDeps, id: string) {
  const scratch = path.dirname(deps.media.tempPath());
  return {
    input: deps.media.originalPathOf(id),
    output: path.join(scratch, `processing-${id}.mp4`),
    poster: path.join(scratch, `processing-${id}.jpg`),
  };
}

/** Throttled progress: a DB write at most once a second, and only when the percentage moved. */
function progressReporter(deps: AppDeps, entry: ProcessingRow, target: ProcessingTarget) {
  let last = -1;
  let at = 0;
  return (percent: number) => {
    const now = Date.now();
    if (percent === last || now - at < PROGRESS_EVERY_MS) return;
    last = percent;
    at = now;
    void target.progress?.(deps, entry, percent).catch(() => undefined);
  };
}

/** Stores the verified output and its poster; returns the media facts. */
async function store(deps: AppDeps, files: ReturnType<typeof workFiles>, durationSeconds: number) {
  const stored = await deps.media.importFile(files.output);
  const hasPoster = await fsp.rename(files.poster, deps.media.posterPathOf(stored.sha256)).then(
    () => true,
    () => false,
  );
  return { ...stored, durationSeconds, hasPoster };
}

/**
 * Runs the conversion of entry `id` to its end. A ProcessingFailure marks the target failed (a retry
 * cannot help); an abort (shutdown) or any other error is thrown, and the entry stays for another run.
 */
export async function runProcessing(
  deps: AppDeps,
  targets: ProcessingTargets,
  id: string,
  signal?: AbortSignal,
): Promise<void> {
  const files = workFiles(deps, id);
  const entry = await findProcessing(deps.db, id);
  const target = entry && targetOf(targets, entry);
  try {
    if (!entry) await fsp.rm(files.input, { force: true }); // deleted before it ran
    if (!entry || !target) return;
    let media: IngestedMedia;
    try {
      if (!fs.existsSync(files.input)) throw new ProcessingFailure(MEDIA.originalMissing);
      const onProgress = progressReporter(deps, entry, target);
      const { durationSeconds } = await processToMp4(deps.config.ffmpeg, files, {
        signal,
        onProgress,
        pace: deps.config.processingPace,
      });
      media = await store(deps, files, durationSeconds);
    } catch (error) {
      if (!(error instanceof ProcessingFailure) || signal?.aborted) throw error;
      await target.fail(deps, entry, error.message);
      if (!deps.config.keepOriginals) await fsp.rm(files.input, { force: true });
      return;
    }
    const claim = async (tx: DbOrTx) => {
      if (!(await lockProcessing(tx, id))) return false;
      await insertMediaFile(tx, media);
      await deleteProcessing(tx, id);
      return true;
    };
    const finished = await target.finish(deps, entry, media, claim);
    // Unused (the upload was deleted or replaced meanwhile): the file goes unless something else has it.
    if (!finished) await removeUnreferencedMedia(deps.db, deps.media, [media.sha256]);
    if (!deps.config.keepOriginals || !finished) await fsp.rm(files.input, { force: true });
  } finally {
    await fsp.rm(files.output, { force: true });
    await fsp.rm(files.poster, { force: true });
  }
}

/** Marks entry `id` failed with `reason` (its conversion kept failing for reasons of its own). */
export async function failProcessing(
  deps: AppDeps,
  targets: ProcessingTargets,
  id: string,
  reason: string,
): Promise<void> {
  const entry = await findProcessing(deps.db, id);
  const target = entry && targetOf(targets, entry);
  if (entry && target) await target.fail(deps, entry, reason);
}
