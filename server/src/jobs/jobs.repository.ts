import { and, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { jobs } from '../db/schema';

export const JOBS_CHANNEL = 'lectern_jobs';

export interface ClaimedJob {
  id: number;
  kind: string;
  payload: unknown;
  attempts: number;
  maxAttempts: number;
}

export async function insertJob(
  db: DbOrTx,
  values: { kind: string; payload: unknown; maxAttempts: number; runAt?: Date; fairKey?: string },
): Promise<number> {
  const [row] = await db
    .insert(jobs)
    .values({ ...values, fairKey: values.fairKey ?? values.kind })
    .returning({ id: jobs.id });
  await db.execute(sql`select pg_notify(${JOBS_CHANNEL}, '')`);
  return row!.id;
}

const due = (kinds: string[]) =>
  and(
    inArray(jobs.kind, kinds),
    or(
      and(eq(jobs.state, 'queued'), lte(jobs.runAt, sql`now()`)),
      // A worker that died (kill -9) stops renewing its lease: the job is due again.
      and(eq(jobs.state, 'running'), lte(jobs.leaseUntil, sql`now()`)),
    ),
  );

// Fair turns (issue 20): one uploader's ten conversions must not make another's one wait for all ten.
// Among due jobs, the key with the fewest running comes first, then the key whose latest claim is oldest
// (never claimed first), so keys take turns; within a key, oldest first. `jobs` is the outer row here.
const runningOfKey = sql`(select count(*) from jobs r where r.fair_key = ${jobs.fairKey} and r.state = 'running')`;
const lastClaimOfKey = sql`(select max(r.claimed_at) from jobs r where r.fair_key = ${jobs.fairKey}) nulls first`;

/** Takes one due job of these kinds; SKIP LOCKED lets several instances claim side by side. */
export async function claimJob(db: DbOrTx, kinds: string[], leaseMs: number): Promise<ClaimedJob | null> {
  const next = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(due(kinds))
    .orderBy(runningOfKey, lastClaimOfKey, jobs.runAt, jobs.id)
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(jobs)
    .set({
      state: 'running',
      attempts: sql`${jobs.attempts} + 1`,
      leaseUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
      claimedAt: sql`now()`,
    })
    .where(inArray(jobs.id, next))
    .returning({
      id: jobs.id,
      kind: jobs.kind,
      payload: jobs.payload,
      attempts: jobs.attempts,
      maxAttempts: jobs.maxAttempts,
    });
  return row ?? null;
}

/** Whether any job of these kinds is still to run or running (waiting for a retry included). */
export async function hasPendingJobs(db: DbOrTx, kinds: string[]): Promise<boolean> {
  const rows = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(inArray(jobs.kind, kinds), inArray(jobs.state, ['queued', 'running'])))
    .limit(1);
  return rows.length > 0;
}

export async function renewLease(db: DbOrTx, id: number, leaseMs: number): Promise<void> {
  await db
    .update(jobs)
    .set({ leaseUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})` })
    .where(and(eq(jobs.id, id), eq(jobs.state, 'running')));
}

export async function finishJob(db: DbOrTx, id: number): Promise<void> {
  await db
    .update(jobs)
    .set({ state: 'done', leaseUntil: null, finishedAt: sql`now()` })
    .where(eq(jobs.id, id));
}

export async function failJob(db: DbOrTx, id: number, reason: string): Promise<void> {
  await db
    .update(jobs)
    .set({ state: 'failed', leaseUntil: null, lastError: reason, finishedAt: sql`now()` })
    .where(eq(jobs.id, id));
}

/** Back to the queue after `delayMs`; `refund` gives back the attempt (an interrupted run, not a failure). */
export async function retryJob(
  db: DbOrTx,
  id: number,
  options: { delayMs: number; reason: string | null; refund: boolean },
): Promise<void> {
  await db
    .update(jobs)
    .set({
      state: 'queued',
      leaseUntil: null,
      lastError: options.reason,
      runAt: sql`now() + make_interval(secs => ${options.delayMs / 1000})`,
      ...(options.refund ? { attempts: sql`greatest(${jobs.attempts} - 1, 0)` } : {}),
    })
    .where(eq(jobs.id, id));
}

// Serialises the "is the next run already queued?" check of recurring jobs across instances.
const SCHEDULE_LOCK_KEY = 7_311_206;

/** Queues the next run of a recurring kind unless one is already queued or running. */
export async function ensureScheduled(db: Db, kind: string, runAt: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SCHEDULE_LOCK_KEY})`);
    const [pending] = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.kind, kind), inArray(jobs.state, ['queued', 'running'])))
      .limit(1);
    if (!pending) await insertJob(tx, { kind, payload: {}, maxAttempts: 3, runAt });
  });
}

/** Only safe where no other process can be running jobs (the embedded database's exclusive lock). */
export async function releaseAllLeases(db: DbOrTx): Promise<void> {
  await db
    .update(jobs)
    .set({ leaseUntil: sql`now()` })
    .where(eq(jobs.state, 'running'));
}

export async function pruneFinishedJobs(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(jobs).where(and(eq(jobs.state, 'done'), lte(jobs.finishedAt, before)));
}

export type JobState = (typeof jobs.state.enumValues)[number];

/** How many jobs are queued, running and failed, per kind (finished ones are left out). */
export async function countJobs(db: DbOrTx): Promise<{ kind: string; state: JobState; count: number }[]> {
  return db
    .select({ kind: jobs.kind, state: jobs.state, count: sql<number>`count(*)::int` })
    .from(jobs)
    .where(inArray(jobs.state, ['queued', 'running', 'failed']))
    .groupBy(jobs.kind, jobs.state);
}
