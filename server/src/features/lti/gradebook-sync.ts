import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/client';
import { recordableMessage } from '../../lib/query-errors';
import { findLecture } from '../access/public';
import { createLineItem, postScore } from './grade-service';
import {
  claimSend,
  gradebookContextsOfCourse,
  gradebookLecture,
  gradebookLecturesHolding,
  gradebookLecturesOfContext,
  lineItemsOfLecture,
  lmsMembersAmong,
  markQueued,
  recordGradebookError,
  saveLineItem,
  scoreTargets,
  settleSend,
  unmarkQueued,
} from './gradebook.repository';
import { findPlatformById, type PlatformRow } from './platforms.repository';
import type { ServiceTokens } from './service-token';

// Watch progress to the LMS gradebook (AGS 2.0, issue 23). A lecture turned on gets a line item in each LMS
// course linked to its course that offers its gradebook; each progress report of a student on its videos
// queues a send of their percentage watched, which waits DEBOUNCE_MS so that the reports of those seconds
// go together, and never begins within a minute of their last send. A failed send is retried with the job
// queue's backoff; a failure is logged as a security event (`lti.grades.failed`).

export const LINE_ITEMS_JOB = 'lti.gradebook-line-items';
export const SCORE_JOB = 'lti.gradebook-score';
/** A send waits this long after the progress that queued it. */
export const DEBOUNCE_MS = 5_000;
/** At most one score per student per lecture in this time. */
export const MIN_SEND_INTERVAL_MS = 60_000;
const ATTEMPTS = 5;

interface LineItemsPayload {
  lectureId: string;
}
interface ScorePayload {
  lectureId: string;
  userId: string;
}

export function gradebookSync(app: FastifyInstance, { db, clock, jobs }: AppDeps, tokens: ServiceTokens) {
  /** Records and logs a failure with the LMS, then throws it for the queue to retry. */
  async function failed(
    place: { lectureId: string; platform: PlatformRow },
    what: 'line item' | 'score',
    error: unknown,
  ): Promise<never> {
    const reason = recordableMessage(error);
    await recordGradebookError(db, place.lectureId, reason);
    const { lectureId, platform } = place;
    app.log.warn(
      {
        securityEvent: 'lti.grades.failed',
        lectureId,
        platformId: platform.id,
        platform: platform.name,
        what,
        error: reason,
      },
      'lti.grades.failed',
    );
    throw error;
  }

  const queueLineItems = (tx: DbOrTx, lectureId: string) =>
    jobs.enqueue(tx, LINE_ITEMS_JOB, { lectureId } satisfies LineItemsPayload, { maxAttempts: ATTEMPTS });

  const enqueueScore = (tx: DbOrTx, payload: ScorePayload, runAt: Date) =>
    jobs.enqueue(tx, SCORE_JOB, payload, {
      maxAttempts: ATTEMPTS,
      runAt,
      fairKey: `${SCORE_JOB}:${payload.lectureId}`,
    });

  /** Queues a send of the user's score unless one is queued, after the debounce and the last send's minute. */
  async function queueScore(tx: DbOrTx, lectureId: string, userId: string) {
    const fresh = await markQueued(tx, lectureId, userId);
    if (!fresh) return;
    const now = clock().getTime();
    const runAt = Math.max(now + DEBOUNCE_MS, (fresh.lastSentAt?.getTime() ?? 0) + MIN_SEND_INTERVAL_MS);
    await enqueueScore(tx, { lectureId, userId }, new Date(runAt));
  }

  /** Makes the lecture's missing line items, then queues the scores of everyone who watched already. */
  async function makeLineItems({ lectureId }: LineItemsPayload) {
    const lecture = await findLecture(db, lectureId);
    if (!lecture || !(await gradebookLecture(db, lectureId))) return;
    const made = new Set(
      (await lineItemsOfLecture(db, lectureId)).map((i) => `${i.platformId} ${i.contextId}`),
    );
    for (const context of await gradebookContextsOfCourse(db, lecture.courseId)) {
      if (made.has(`${context.platformId} ${context.contextId}`)) continue;
      const platform = await findPlatformById(db, context.platformId);
      if (!platform) continue;
      const url = await createLineItem(tokens, platform, context.lineItemsUrl!, {
        label: lecture.title,
        resourceId: lectureId,
      }).catch((error: unknown) => failed({ lectureId, platform }, 'line item', error));
      await saveLineItem(db, {
        platformId: context.platformId,
        contextId: context.contextId,
        lectureId,
        url,
      });
    }
    await recordGradebookError(db, lectureId, null);
    const watched = await lmsMembersAmong(db, lectureId, await app.usage.viewers(lectureId));
    await db.transaction(async (tx) => {
      for (const userId of watched) await queueScore(tx, lectureId, userId);
    });
  }

  async function sendScore({ lectureId, userId }: ScorePayload) {
    const targets = (await gradebookLecture(db, lectureId)) ? await scoreTargets(db, lectureId, userId) : [];
    if (targets.length === 0) return unmarkQueued(db, lectureId, userId);
    const now = clock();
    const claim = await claimSend(db, lectureId, userId, now, new Date(now.getTime() - MIN_SEND_INTERVAL_MS));
    if ('blockedSince' in claim) {
      // The minute since the last send is not over: this send goes when it is (still queued).
      await enqueueScore(
        db,
        { lectureId, userId },
        new Date(claim.blockedSince.getTime() + MIN_SEND_INTERVAL_MS),
      );
      return;
    }
    const share = await app.usage.watchedShare(lectureId, userId);
    if (share === null) {
      // No video of known length: there is nothing to measure watching against, so nothing is sent.
      return settleSend(db, lectureId, userId, { previous: claim.previous });
    }
    const percent = Math.round(1000 * share) / 10;
    for (const target of targets) {
      const platform = await findPlatformById(db, target.platformId);
      if (!platform) continue;
      const score = { userId: target.lmsUserId, percent, at: now };
      try {
        await postScore(tokens, platform, target.lineItemUrl, score);
      } catch (error) {
        await settleSend(db, lectureId, userId, { previous: claim.previous });
        return failed({ lectureId, platform }, 'score', error);
      }
    }
    await settleSend(db, lectureId, userId, { percent });
    await recordGradebookError(db, lectureId, null);
  }

  jobs.handle<LineItemsPayload>(LINE_ITEMS_JOB, ({ payload }) => makeLineItems(payload));
  jobs.handle<ScorePayload>(SCORE_JOB, ({ payload }) => sendScore(payload), { concurrency: 2 });
  app.usage.onProgress(async ({ userId, videoId }) => {
    const lectureIds = await gradebookLecturesHolding(db, videoId);
    if (lectureIds.length === 0) return;
    const members = await Promise.all(
      lectureIds.map(async (id) => ((await lmsMembersAmong(db, id, [userId])).length ? id : null)),
    );
    await db.transaction(async (tx) => {
      for (const lectureId of members) if (lectureId) await queueScore(tx, lectureId, userId);
    });
  });

  return {
    /** The lecture starts sending (in the caller's transaction): its line items are made. */
    turnedOn: queueLineItems,
    /** A context offers its gradebook for the first time: its course's sending lectures get line items. */
    async contextOffered(tx: DbOrTx, platformId: string, contextId: string) {
      for (const lectureId of await gradebookLecturesOfContext(tx, platformId, contextId))
        await queueLineItems(tx, lectureId);
    },
  };
}

export type GradebookSync = ReturnType<typeof gradebookSync>;
