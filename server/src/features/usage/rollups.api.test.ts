import { randomUUID } from 'node:crypto';
import type { Engagement, UsageEntry } from '@lectern/shared';
import { MAX_ENGAGEMENT_BINS } from '@lectern/shared';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { usageEvents, videos } from '../../db/schema';
import { createUser, type TestUser } from '../../../test/factories';
import { seedQuestion } from '../../../test/seed';
import { appFixture } from '../../../test/fixture';
import { rawEngagementBins, rawFurthestKnownPosition, rawStudentActivity } from './raw-reports.test-support';
import { sortByName, toEngagementBin, toUsageEntry } from './usage.mapper';
import { videoDuration } from './usage.repository';
import { getAs, logAs, seedUsageWorld } from './usage.test-support';

// Issue 14: the reports read rollups kept by a trigger on usage_events. On random histories, logged out of
// order, through the API and in concurrent multi-user inserts, they must answer exactly what the raw
// computation over the whole log answers, and so must the migration's backfill of the same history.

const NOW = new Date('2026-03-02T12:00:00.000Z');
const ACTIONS = [
  'videoPlayLecture',
  'videoPauseLecture',
  'videoSeekedLecture',
  'videoRateChangeLecture',
  'videoProgressLecture',
  'videoProgressLecture',
  'videoProgressLecture',
  'delayedQuestionSubmit',
  'videoPlayResponse',
] as const;
const RATES = [0.5, 1, 1.25, 1.5, 2];

/** A small seeded generator (mulberry32): the same history on every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

describe('usage reports from rollups', () => {
  const { t, w } = appFixture(
    (app) =>
      seedUsageWorld(app, {
        studentNames: ['Ann', 'ben', 'Cy', 'Dee', 'Eli', 'fay'],
        durationSeconds: 60,
      }),
    { app: { start: NOW } },
  );
  let outsider: TestUser;
  const rand = random(14);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;

  function randomEvent(videoId: string, userId: string | null) {
    const action = pick(ACTIONS);
    const progress = action === 'videoProgressLecture';
    const videoTime =
      !progress && rand() < 0.1 ? null : rand() < 0.5 ? Math.floor(rand() * 70) + 1 : rand() * 70;
    return {
      userId,
      videoId,
      action,
      videoTime,
      // A stretch of up to 15 s before videoTime, some starting on a whole second.
      fromTime:
        progress && videoTime !== null ? Math.max(0, videoTime - (rand() < 0.5 ? 5 : rand() * 15)) : null,
      rate: action === 'videoRateChangeLecture' || rand() < 0.05 ? pick(RATES) : null,
      // Within ten minutes before NOW, a third of them in the last 40 s so that open spans are still
      // running at the moments compared; some on whole seconds, so that instants are shared.
      createdAt: new Date(
        NOW.getTime() - Math.floor(rand() * (rand() < 0.3 ? 40 : 600)) * (rand() < 0.5 ? 1000 : 997),
      ),
    };
  }

  beforeAll(async () => {
    outsider = await createUser(t.app, { name: 'Not A Member' });
    // The other video has no stored duration: the furthest position seen stands in.
    await t.db.update(videos).set({ durationSeconds: null }).where(eq(videos.id, w.otherVideoId));
    for (const timeAsked of [3, 33, 65]) await seedQuestion(t.db, w.videoId, w.admin.id, { timeAsked });
    const users = [...w.students, outsider];
    // Through the API one at a time, at random past instants: most arrive out of order.
    for (let i = 0; i < 120; i += 1) {
      const e = randomEvent(pick([w.videoId, w.otherVideoId]), null);
      t.clock.set(e.createdAt);
      await logAs(t, rand() < 0.1 ? null : pick(users), {
        action: e.action,
        videoID: e.videoId,
        ...(e.videoTime === null ? {} : { videoTime: e.videoTime }),
        ...(e.fromTime === null ? {} : { fromTime: e.fromTime }),
        ...(e.rate === null ? {} : { rate: e.rate }),
      });
    }
    // Straight into the log, 12 concurrent inserts of 25 events each for several users (on PostgreSQL
    // in parallel transactions, which lock the same rollup rows).
    // Viewers with few events each (ids without accounts count in engagement only), so that every stretch
    // shows in the counts instead of hiding under other stretches of the same viewer.
    const ids = [...users.map((u) => u.id), ...Array.from({ length: 40 }, () => randomUUID()), null];
    const batches = Array.from({ length: 12 }, () =>
      Array.from({ length: 25 }, () => randomEvent(pick([w.videoId, w.otherVideoId]), pick(ids))),
    );
    await Promise.all(batches.map((batch) => t.db.insert(usageEvents).values(batch)));
    t.clock.set(NOW);
  });

  /** The engagement report as the service built it from the raw log before the rollups. */
  async function rawEngagement(videoId: string, bin: number): Promise<Engagement> {
    const durationSeconds =
      (await videoDuration(t.db, videoId)) ?? (await rawFurthestKnownPosition(t.db, videoId));
    const binSeconds = Math.max(bin, Math.ceil(durationSeconds / MAX_ENGAGEMENT_BINS));
    const binCount = Math.ceil(durationSeconds / binSeconds);
    const rows =
      binCount > 0 ? await rawEngagementBins(t.db, videoId, { binSeconds, durationSeconds, binCount }) : [];
    return {
      videoId,
      binSeconds,
      durationSeconds,
      bins: rows.map((r) => toEngagementBin(r, binSeconds, durationSeconds)),
    };
  }

  async function rawStudents(videoId: string, now: Date): Promise<UsageEntry[]> {
    const members = new Set(w.students.map((s) => s.id));
    const duration = await videoDuration(t.db, videoId);
    const rows = (await rawStudentActivity(t.db, videoId)).filter((r) => members.has(r.userId));
    return sortByName(rows.map((r) => toUsageEntry(r, duration, now)));
  }

  async function expectSameAsRaw() {
    for (const videoId of [w.videoId, w.otherVideoId]) {
      for (const now of [-5_000, 0, 7_300, 20_500, 3_600_000].map((ms) => new Date(NOW.getTime() + ms))) {
        t.clock.set(now);
        for (const bin of [1, 5, 7, 3600]) {
          const res = await getAs(t, w.admin, `/api/admin/logs/video/${videoId}/engagement?bin=${bin}`);
          expect(res.statusCode).toBe(200);
          expect(res.json<Engagement>()).toEqual(await rawEngagement(videoId, bin));
        }
        const students = await getAs(t, w.admin, `/api/admin/logs/video/${videoId}/student-activity`);
        expect(students.json<UsageEntry[]>()).toEqual(await rawStudents(videoId, now));
      }
    }
    t.clock.set(NOW);
  }

  it('answer what the raw log answers, for every bin width and moment', async () => {
    const e = (await getAs(t, w.admin, `/api/admin/logs/video/${w.videoId}/engagement`)).json<Engagement>();
    // A history that exercises the report: students in most bins, some re-watching.
    expect(e.bins.filter((b) => b.watched > 0).length).toBeGreaterThan(6);
    expect(e.bins.some((b) => b.rewatched > 0)).toBe(true);
    await expectSameAsRaw();
  });

  it('answer the same after the migration’s backfill rebuilds them from the log', async () => {
    await t.db.execute(sql`delete from usage_video_users`);
    // The backfill statement of migration 0011_usage_rollups, with the function of 0016.
    await t.db.execute(sql`SELECT usage_rollups_apply(ARRAY(SELECT id FROM usage_events))`);
    await expectSameAsRaw();
  });
});
