import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../db/client';
import type { Listen } from '../db/notifications';
import { coalesced } from '../lib/coalesced';
import { recordableMessage } from '../lib/query-errors';
import { retryDelayMs } from './backoff';
import {
  JOBS_CHANNEL,
  type ClaimedJob,
  claimJob,
  ensureScheduled,
  failJob,
  finishJob,
  hasPendingJobs,
  insertJob,
  pruneFinishedJobs,
  releaseAllLeases,
  renewLease,
  retryJob,
} from './jobs.repository';

/** A failure that retrying cannot mend: the job is failed at once with this message as its reason. */
export class PermanentJobError extends Error {}

export interface JobContext<P> {
  id: number;
  payload: P;
  /** 1 on the first run. */
  attempt: number;
  /** Aborted when the process shuts down; the job then goes back to the queue without using an attempt. */
  signal: AbortSignal;
}

export type JobHandler<P> = (job: JobContext<P>) => Promise<void>;

export interface JobQueue {
  /** Adds a job in the caller's transaction: it exists, and runs, only if that commits. */
  enqueue(
    db: DbOrTx,
    kind: string,
    payload: unknown,
    options?: {
      maxAttempts?: number;
      runAt?: Date;
      /** Whose work it is (default: the kind): jobs of different keys take turns at being claimed. */
      fairKey?: string;
    },
  ): Promise<number>;
  /** Registers the handler of a kind, with how many may run at once in this process (default 1). */
  handle<P>(kind: string, handler: JobHandler<P>, options?: { concurrency?: number }): void;
  /**
   * A job that runs every `everyMs` on one instance at a time, first at start: its next run is queued
   * when one ends, so it keeps its rhythm through restarts and crashes.
   */
  every(kind: string, everyMs: number, handler: JobHandler<unknown>): void;
  start(): Promise<void>;
  /** Resolves once every one-off job of a registered kind has finished, retries included (tests only). */
  drain(): Promise<void>;
  stop(): Promise<void>;
}

// A claim is a lease renewed while the handler runs: a worker killed with -9 stops renewing and the
// job is due again a minute later, on any instance.
const LEASE_MS = 60_000;
const RENEW_MS = 20_000;
// Notifications wake the workers at once; the poll catches retries whose backoff has passed.
const POLL_MS = 2_000;
const KEEP_DONE_MS = 7 * 24 * 3600_000;

interface Registration {
  handler: JobHandler<unknown>;
  concurrency: number;
  running: number;
  /** Recurring kinds: the time between runs. */
  everyMs?: number;
}

export function createJobQueue(options: {
  db: Db;
  listen: Listen;
  log: FastifyBaseLogger;
  /** True when no other process can share the database (PGlite): leases left by a crash end at start. */
  exclusive: boolean;
}): JobQueue {
  const { db, log } = options;
  const registry = new Map<string, Registration>();
  const inFlight = new Set<Promise<void>>();
  const shutdown = new AbortController();
  const timers: NodeJS.Timeout[] = [];
  let unlisten: (() => Promise<void>) | null = null;

  // Recurring kinds always have a next run queued: draining waits for the others only.
  const oneOffKinds = () => [...registry].filter(([, r]) => r.everyMs === undefined).map(([k]) => k);
  const kindsWithRoom = () => [...registry].filter(([, r]) => r.running < r.concurrency).map(([k]) => k);

  async function run(job: ClaimedJob, registration: Registration): Promise<void> {
    const renew = setInterval(() => {
      renewLease(db, job.id, LEASE_MS).catch((err: unknown) =>
        log.warn({ err, jobId: job.id }, 'lease renewal failed'),
      );
    }, RENEW_MS);
    try {
      await registration.handler({
        id: job.id,
        payload: job.payload,
        attempt: job.attempts,
        signal: shutdown.signal,
      });
      await finishJob(db, job.id);
    } catch (error) {
      const reason = recordableMessage(error);
      if (shutdown.signal.aborted) {
        await retryJob(db, job.id, { delayMs: 0, reason: null, refund: true });
      } else if (error instanceof PermanentJobError || job.attempts >= job.maxAttempts) {
        log.error({ err: error, jobId: job.id, kind: job.kind }, 'job failed for good');
        await failJob(db, job.id, reason);
      } else {
        log.warn(
          { err: error, jobId: job.id, kind: job.kind, attempt: job.attempts },
          'job failed; will retry',
        );
        await retryJob(db, job.id, { delayMs: retryDelayMs(job.attempts), reason, refund: false });
      }
    } finally {
      clearInterval(renew);
    }
    if (registration.everyMs !== undefined) {
      await ensureScheduled(db, job.kind, new Date(Date.now() + registration.everyMs));
    }
  }

  async function claimWhileRoom(): Promise<void> {
    for (;;) {
      if (shutdown.signal.aborted) return;
      const kinds = kindsWithRoom();
      if (kinds.length === 0) return;
      const job = await claimJob(db, kinds, LEASE_MS);
      if (!job) return;
      const registration = registry.get(job.kind)!;
      registration.running += 1;
      const done = run(job, registration)
        .catch((err: unknown) => log.error({ err, jobId: job.id }, 'job bookkeeping failed'))
        .finally(() => {
          registration.running -= 1;
          inFlight.delete(done);
          wake();
        });
      inFlight.add(done);
    }
  }

  /** One claimer at a time; a wake-up during a claim asks for another round after it. */
  const wake = coalesced(() =>
    claimWhileRoom().catch((err: unknown) => log.warn({ err }, 'claiming jobs failed')),
  );

  return {
    enqueue: (tx, kind, payload, opts = {}) =>
      insertJob(tx, {
        kind,
        payload,
        maxAttempts: opts.maxAttempts ?? 5,
        runAt: opts.runAt,
        fairKey: opts.fairKey,
      }),
    handle(kind, handler, opts = {}) {
      registry.set(kind, {
        handler: handler as JobHandler<unknown>,
        concurrency: opts.concurrency ?? 1,
        running: 0,
      });
    },
    every(kind, everyMs, handler) {
      registry.set(kind, { handler, concurrency: 1, running: 0, everyMs });
    },
    async start() {
      if (options.exclusive) await releaseAllLeases(db);
      for (const [kind, registration] of registry) {
        if (registration.everyMs !== undefined) await ensureScheduled(db, kind, new Date());
      }
      unlisten = await options.listen(JOBS_CHANNEL, {
        onNotify: () => void wake(),
        onResume: () => void wake(),
      });
      timers.push(setInterval(() => void wake(), POLL_MS).unref());
      timers.push(
        setInterval(() => {
          pruneFinishedJobs(db, new Date(Date.now() - KEEP_DONE_MS)).catch(() => undefined);
        }, 3600_000).unref(),
      );
      void wake();
    },
    async drain() {
      for (;;) {
        await wake();
        if (inFlight.size > 0) await Promise.race(inFlight);
        else if (await hasPendingJobs(db, oneOffKinds())) await new Promise((r) => setTimeout(r, 50));
        else return;
      }
    },
    async stop() {
      for (const timer of timers) clearInterval(timer);
      shutdown.abort();
      await unlisten?.();
      await wake.idle();
      await Promise.allSettled([...inFlight]);
    },
  };
}
