import fsp from 'node:fs/promises';
import { MEDIA } from '@lectern/shared';
import type { AppDeps } from '../../../app-deps';
import type { DbOrTx } from '../../../db/client';
import { PermanentJobError } from '../../../jobs/job-queue';
import { type ProcessingTargets, failProcessing, runProcessing } from './processing.job';
import { type ProcessingOwner, insertProcessing } from './processing.repository';

// Conversions run as durable jobs (DESIGN §11): queued in the transaction that records the upload, so
// they exist only if it commits; run PROCESSING_CONCURRENCY at a time per instance; a kill -9 leaves the
// job's lease to expire and the job runs again, overwriting the dead run's work files. A conversion of
// an upload deleted or replaced meanwhile is cancelled here (this instance) or finds nothing to finish.

export const PROCESS_MEDIA_JOB = 'media.process';
const ATTEMPTS = 3;

interface ProcessPayload {
  processingId: string;
}

const running = new WeakMap<AppDeps, Map<string, AbortController>>();

/**
 * Records entry `processingId` (what it turns into: `owner`) and queues its conversion, in the caller's
 * transaction. Each uploader's conversions take turns with everyone else's (issue 20: fair per uploader,
 * docs/decisions.md).
 */
export async function queueProcessing(
  deps: AppDeps,
  tx: DbOrTx,
  processingId: string,
  owner: ProcessingOwner,
  uploaderId: string | null,
): Promise<void> {
  await insertProcessing(tx, processingId, owner);
  await deps.jobs.enqueue(tx, PROCESS_MEDIA_JOB, { processingId } satisfies ProcessPayload, {
    maxAttempts: ATTEMPTS,
    fairKey: uploaderId ? `uploader:${uploaderId}` : undefined,
  });
}

/**
 * After the commit that deleted entry `processingId` (its upload went): stops its conversion if it runs
 * in this process, and removes its original.
 */
export async function forgetProcessing(deps: AppDeps, processingId: string): Promise<void> {
  running.get(deps)?.get(processingId)?.abort(new Error('cancelled'));
  await fsp.rm(deps.media.originalPathOf(processingId), { force: true });
}

export function registerProcessingJobs(deps: AppDeps, targets: ProcessingTargets): void {
  const controllers = new Map<string, AbortController>();
  running.set(deps, controllers);
  deps.jobs.handle<ProcessPayload>(
    PROCESS_MEDIA_JOB,
    async (job) => {
      const { processingId } = job.payload;
      const own = new AbortController();
      controllers.set(processingId, own);
      try {
        await runProcessing(deps, targets, processingId, AbortSignal.any([job.signal, own.signal]));
      } catch (error) {
        if (own.signal.aborted && !job.signal.aborted) return; // cancelled: nothing left to do
        if (job.signal.aborted || job.attempt < ATTEMPTS) throw error; // shutdown, or try again
        await failProcessing(deps, targets, processingId, `${MEDIA.conversionFailed}.`);
        throw new PermanentJobError(error instanceof Error ? error.message : String(error));
      } finally {
        controllers.delete(processingId);
      }
    },
    { concurrency: deps.config.processingConcurrency },
  );
}
