import { MEDIA } from '@lectern/shared';
import type { AppDeps } from '../../../app-deps';
import type { DbOrTx } from '../../../db/client';
import { PermanentJobError } from '../../../jobs/job-queue';
import { failProcessing, runProcessing } from './processing.job';

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
 * Queues the conversion of entry `processingId` in the caller's transaction. Each uploader's conversions
 * take turns with everyone else's (issue 20: fair per uploader, docs/decisions.md).
 */
export async function enqueueProcessing(
  deps: AppDeps,
  tx: DbOrTx,
  processingId: string,
  uploaderId: string | null,
): Promise<void> {
  await deps.jobs.enqueue(tx, PROCESS_MEDIA_JOB, { processingId } satisfies ProcessPayload, {
    maxAttempts: ATTEMPTS,
    fairKey: uploaderId ? `uploader:${uploaderId}` : undefined,
  });
}

/** Stops entry `processingId`'s conversion if it runs in this process (its upload went). */
export function cancelProcessing(deps: AppDeps, processingId: string): void {
  running.get(deps)?.get(processingId)?.abort(new Error('cancelled'));
}

export function registerProcessingJobs(deps: AppDeps): void {
  const controllers = new Map<string, AbortController>();
  running.set(deps, controllers);
  deps.jobs.handle<ProcessPayload>(
    PROCESS_MEDIA_JOB,
    async (job) => {
      const { processingId } = job.payload;
      const own = new AbortController();
      controllers.set(processingId, own);
      try {
        await runProcessing(deps, processingId, AbortSignal.any([job.signal, own.signal]));
      } catch (error) {
        if (own.signal.aborted && !job.signal.aborted) return; // cancelled: nothing left to do
        if (job.signal.aborted || job.attempt < ATTEMPTS) throw error; // shutdown, or try again
        await failProcessing(deps, processingId, `${MEDIA.conversionFailed}.`);
        throw new PermanentJobError(error instanceof Error ? error.message : String(error));
      } finally {
        controllers.delete(processingId);
      }
    },
    { concurrency: deps.config.processingConcurrency },
  );
}
