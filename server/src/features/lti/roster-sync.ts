import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/client';
import { emitCourseChanged } from '../../events/catalog-events';
import { recordableMessage } from '../../lib/query-errors';
import {
  addContextMembers,
  contextMembersNotIn,
  contextsSyncedBefore,
  findContext,
  recordSync,
  removeContextMembers,
} from './contexts.repository';
import { courseRoleOf } from './launch-roles';
import { type Member, readRoster } from './memberships';
import { findPlatformById } from './platforms.repository';
import type { ServiceTokens } from './service-token';

// Roster sync (NRPS 2.0, issue 23): the LMS course's members become the Lectern course's students and
// administrators; those the LMS dropped lose access. Read whole first, so a failed read changes nothing;
// then applied in batches (set-based writes, a transaction per chunk of members, the removals last).

export const ROSTER_SYNC_JOB = 'lti.roster-sync';
const ROSTER_DUE_JOB = 'lti.roster-sync-due';
export const ROSTER_SYNC_EVERY_MS = 24 * 3600_000;
const DUE_CHECK_EVERY_MS = 3600_000;
/** A roster answer that fails is asked again with the queue's backoff, this many times in all. */
const SYNC_ATTEMPTS = 3;
/** Members applied per transaction (docs/decisions.md, "The roster sync in batches"). */
export const ROSTER_CHUNK = 250;

/**
 * A moment between two chunks' transactions, for the requests waiting on PGlite's one connection: a request
 * sends its statements one after another, and without it the next chunk would take the connection before
 * each of them.
 */
const pause = () => new Promise((resolve) => setTimeout(resolve, CHUNK_PAUSE_MS));
const CHUNK_PAUSE_MS = 20;

export interface RosterSyncPayload {
  platformId: string;
  contextId: string;
}

const fullName = (m: Member) => m.name ?? ([m.given_name, m.family_name].filter(Boolean).join(' ') || null);

/** The members who keep (or get) access, with their Lectern role: Active (or no status) with a course role. */
export function activeMembers(members: readonly Member[]) {
  return members.flatMap((m) => {
    const role = (m.status ?? 'Active') === 'Active' ? courseRoleOf(m.roles) : null;
    return role ? [{ member: m, role }] : [];
  });
}

export function rosterSync(app: FastifyInstance, { db, clock, jobs }: AppDeps, tokens: ServiceTokens) {
  /** Queues a sync of the context (in the caller's transaction). */
  const queue = (tx: DbOrTx, payload: RosterSyncPayload) =>
    jobs.enqueue(tx, ROSTER_SYNC_JOB, payload, {
      maxAttempts: SYNC_ATTEMPTS,
      fairKey: `${ROSTER_SYNC_JOB}:${payload.platformId}`,
    });

  async function sync({ platformId, contextId }: RosterSyncPayload): Promise<void> {
    const platform = await findPlatformById(db, platformId);
    const context = platform && (await findContext(db, platformId, contextId));
    if (!platform || !context?.membershipsUrl) return;
    // What the log says of each run (never a token): which course, from where, what changed, how long.
    const started = performance.now();
    const log = { platformId, platform: platform.name, contextId, courseId: context.courseId };
    const durationMs = () => Math.round(performance.now() - started);
    let members: Member[];
    try {
      members = await readRoster(tokens, platform, context.membershipsUrl);
    } catch (error) {
      const reason = recordableMessage(error);
      await db.transaction(async (tx) => {
        await recordSync(tx, platformId, contextId, { at: clock(), members: null, error: reason });
        await emitCourseChanged(tx, context.courseId);
      });
      app.log.warn(
        { securityEvent: 'lti.roster.failed', ...log, error: reason, durationMs: durationMs() },
        'lti.roster.failed',
      );
      throw error;
    }
    const active = activeMembers(members);
    // Applied a chunk at a time, each in its own short transaction of a few statements whatever its size:
    // on PGlite a transaction holds the one connection, so launches and pages get their turn in between.
    // A chunk only adds; removals wait for the last transaction, once every member on the roster is in.
    let added = 0;
    const kept: string[] = [];
    for (let start = 0; start < active.length; start += ROSTER_CHUNK) {
      const chunk = active.slice(start, start + ROSTER_CHUNK);
      await db.transaction(async (tx) => {
        const userIds = await app.auth.accountsForIdentities(
          tx,
          chunk.map(({ member }) => ({
            issuer: platform.issuer,
            subject: member.user_id,
            name: fullName(member),
            email: member.email ?? null,
            emailProven: platform.trustEmail,
          })),
        );
        const enrolments = chunk.map(({ role }, n) => ({ userId: userIds[n]!, role }));
        await app.courses.enrolMany(tx, context.courseId, enrolments);
        added += await addContextMembers(tx, platformId, contextId, userIds);
        kept.push(...userIds);
      });
      await pause();
    }
    const result = await db.transaction(async (tx) => {
      const dropped = await contextMembersNotIn(tx, platformId, contextId, kept);
      const removed = await app.courses.withdrawMany(tx, context.courseId, dropped);
      await removeContextMembers(tx, platformId, contextId, removed);
      await recordSync(tx, platformId, contextId, { at: clock(), members: kept.length, error: null });
      await emitCourseChanged(tx, context.courseId);
      return { added, removed: removed.length, total: kept.length };
    });
    app.log.info(
      { securityEvent: 'lti.roster.synced', ...log, ...result, durationMs: durationMs() },
      'lti.roster.synced',
    );
  }

  jobs.handle<RosterSyncPayload>(ROSTER_SYNC_JOB, ({ payload }) => sync(payload));
  // Daily: every hour, the contexts last synced more than a day ago are queued.
  jobs.every(ROSTER_DUE_JOB, DUE_CHECK_EVERY_MS, async () => {
    const due = await contextsSyncedBefore(db, new Date(clock().getTime() - ROSTER_SYNC_EVERY_MS));
    for (const payload of due) await queue(db, payload);
  });

  return { queue, sync };
}

export type RosterSync = ReturnType<typeof rosterSync>;
