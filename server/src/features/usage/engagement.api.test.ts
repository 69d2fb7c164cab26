import { randomUUID } from 'node:crypto';
import type { Engagement } from '@lectern/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { videos } from '../../db/schema';
import { seedQuestion } from '../../../test/seed';
import type { TestUser as U } from '../../../test/factories';
import { appFixture } from '../../../test/fixture';
import { getAs, logAs, seedUsageWorld } from './usage.test-support';

const NOW = new Date('2026-03-02T12:00:00.000Z');
const T0 = NOW.getTime() - 60_000;

describe('GET /api/admin/logs/video/:id/engagement', () => {
  const { t, w } = appFixture(
    (app) => seedUsageWorld(app, { studentNames: ['A', 'B', 'C'], durationSeconds: 60 }),
    { app: { start: NOW } },
  );
  const url = (videoId = w.videoId, query = '') => `/api/admin/logs/video/${videoId}/engagement${query}`;
  const series = (e: Engagement) => ({
    watched: e.bins.map((b) => b.watched),
    rewatched: e.bins.map((b) => b.rewatched),
    questions: e.bins.map((b) => b.questions),
  });

  beforeAll(async () => {
    const [a, b, c] = w.students as [U, U, U];
    const at = async (s: number, user: U | null, body: Parameters<typeof logAs>[2]) => {
      t.clock.set(new Date(T0 + s * 1000));
      await logAs(t, user, { videoID: w.videoId, ...body });
    };
    const watched = (s: number, user: U, fromTime: number, videoTime: number, videoID = w.videoId) =>
      at(s, user, { action: 'videoProgressLecture', fromTime, videoTime, videoID });
    // A plays 0–20 and pauses, plays 20–30, seeks back to 5 and plays 5–15 again (re-watched) and pauses.
    await at(0, a, { action: 'videoPlayLecture', videoTime: 0 });
    await watched(10, a, 0, 10);
    await watched(20, a, 10, 20);
    await at(20, a, { action: 'videoPauseLecture', videoTime: 20 });
    await at(30, a, { action: 'videoPlayLecture', videoTime: 20 });
    await watched(40, a, 20, 30);
    await at(40, a, { action: 'videoSeekedLecture', videoTime: 5 });
    await watched(50, a, 5, 15);
    await at(50, a, { action: 'videoPauseLecture', videoTime: 15 });
    // B plays at 2× from 0 to 20, seeks forward to 40 (a jump: 20–40 is not watched), plays to the end and
    // closes the tab: nothing after its last report counts, however long ago that was.
    await at(0, b, { action: 'videoRateChangeLecture', videoTime: 0, rate: 2 });
    await watched(5, b, 0, 10);
    await watched(10, b, 10, 20);
    await at(10, b, { action: 'videoSeekedLecture', videoTime: 40 });
    await watched(15, b, 40, 50);
    await watched(20, b, 50, 60);
    // C plays at 30 and reports 30–36; play, pause and seeks alone count nothing, forward or back.
    await at(0, c, { action: 'videoPlayLecture', videoTime: 30 });
    await watched(6, c, 30, 36);
    await at(6, c, { action: 'videoPauseLecture', videoTime: 50 });
    await at(7, c, { action: 'videoSeekedLecture', videoTime: 55 });
    await at(8, c, { action: 'videoSeekedLecture', videoTime: 0 });
    await at(9, c, { action: 'videoPlayLecture', videoTime: 0 });
    // Ignored: anonymous viewers, other videos.
    await at(0, null, { action: 'videoProgressLecture', fromTime: 0, videoTime: 60 });
    await watched(12, c, 0, 12, w.otherVideoId);
    for (const timeAsked of [7, 9, 59, 75]) await seedQuestion(t.db, w.videoId, a.id, { timeAsked });
    t.clock.set(NOW);
  });

  it('counts what the progress reports name as watched, twice as re-watched, per 5 s bin, and questions', async () => {
    const res = await getAs(t, w.admin, url());
    expect(res.statusCode).toBe(200);
    const e = res.json<Engagement>();
    expect(e).toMatchObject({ videoId: w.videoId, binSeconds: 5, durationSeconds: 60 });
    expect(e.bins[0]).toEqual({ start: 0, end: 5, watched: 2, rewatched: 0, questions: 0 });
    expect(series(e)).toEqual({
      watched: [2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1],
      rewatched: [0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0],
      // 75 s is past the end: it counts in the last bin.
      questions: [0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2],
    });
  });

  it('uses the bin width asked for', async () => {
    const e = (await getAs(t, w.admin, url(w.videoId, '?bin=10'))).json<Engagement>();
    expect(series(e)).toEqual({
      watched: [2, 2, 1, 1, 1, 1],
      rewatched: [1, 1, 0, 0, 0, 0],
      questions: [2, 0, 0, 0, 0, 2],
    });
  });

  it('falls back to the furthest position seen when the duration is unknown', async () => {
    await t.db.update(videos).set({ durationSeconds: null }).where(eq(videos.id, w.otherVideoId));
    const e = (await getAs(t, w.admin, url(w.otherVideoId))).json<Engagement>();
    expect(e.durationSeconds).toBe(12);
    expect(e.bins).toEqual([
      { start: 0, end: 5, watched: 1, rewatched: 0, questions: 0 },
      { start: 5, end: 10, watched: 1, rewatched: 0, questions: 0 },
      { start: 10, end: 12, watched: 1, rewatched: 0, questions: 0 },
    ]);
  });

  it('refuses a bin width that is not a whole number of seconds from 1 to 3600 (400)', async () => {
    for (const bin of ['0', '-5', '2.5', 'x', '3601']) {
      expect((await getAs(t, w.admin, url(w.videoId, `?bin=${bin}`))).statusCode).toBe(400);
    }
  });

  it('answers 401, 403 (student, other course’s admin) and 404 (unknown video)', async () => {
    expect((await getAs(t, null, url())).statusCode).toBe(401);
    expect((await getAs(t, w.students[0]!, url())).statusCode).toBe(403);
    expect((await getAs(t, w.outsiderAdmin, url())).statusCode).toBe(403);
    expect((await getAs(t, w.admin, url(randomUUID()))).statusCode).toBe(404);
  });

  it('counts the same whatever the order the reports arrive in', async () => {
    const [, , c] = w.students as [U, U, U];
    // C reports 45–50 late, then 40–45 and 42–47 (re-watching 42–47) out of order.
    for (const [fromTime, videoTime] of [
      [45, 50],
      [40, 45],
      [42, 47],
    ] as const) {
      await logAs(t, c, { action: 'videoProgressLecture', videoID: w.videoId, fromTime, videoTime });
    }
    const e = (await getAs(t, w.admin, url())).json<Engagement>();
    expect(series(e).watched.slice(8, 10)).toEqual([2, 2]);
    expect(series(e).rewatched.slice(8, 10)).toEqual([1, 1]);
  });
});
