import { randomUUID } from 'node:crypto';
import type { Engagement } from '@lectern/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videos } from '../../db/schema';
import { seedQuestion } from '../../../test/seed';
import type { TestUser as U } from '../../../test/factories';
import { type TestApp, createTestApp } from '../../../test/test-app';
import { type UsageWorld, getAs, logAs, seedUsageWorld } from './usage.test-support';

const NOW = new Date('2026-03-02T12:00:00.000Z');
const T0 = NOW.getTime() - 60_000;

describe('GET /api/admin/logs/video/:id/engagement', () => {
  let t: TestApp;
  let w: UsageWorld;
  const url = (videoId = w.videoId, query = '') => `/api/admin/logs/video/${videoId}/engagement${query}`;
  const series = (e: Engagement) => ({
    watched: e.bins.map((b) => b.watched),
    rewatched: e.bins.map((b) => b.rewatched),
    questions: e.bins.map((b) => b.questions),
  });

  beforeAll(async () => {
    t = await createTestApp({ start: NOW });
    w = await seedUsageWorld(t, { studentNames: ['A', 'B', 'C'], durationSeconds: 60 });
    const [a, b, c] = w.students as [U, U, U];
    const at = async (s: number, user: U | null, body: Parameters<typeof logAs>[2]) => {
      t.clock.set(new Date(T0 + s * 1000));
      await logAs(t, user, { videoID: w.videoId, ...body });
    };
    // A watches 0–20, pauses, plays 20–30, seeks back to 5 (re-watching 5–30), watches 5–15 and pauses.
    await at(0, a, { action: 'videoPlayLecture', videoTime: 0 });
    await at(20, a, { action: 'videoPauseLecture', videoTime: 20 });
    await at(30, a, { action: 'videoPlayLecture', videoTime: 20 });
    await at(40, a, { action: 'videoSeekedLecture', videoTime: 5 });
    await at(50, a, { action: 'videoPauseLecture', videoTime: 15 });
    // B plays at 2× from 0 for 10 s (0–20), seeks forward to 40 and is still playing: 40 to the end.
    await at(0, b, { action: 'videoRateChangeLecture', videoTime: 0, rate: 2 });
    await at(10, b, { action: 'videoSeekedLecture', videoTime: 40 });
    // C plays at 30 and pauses 5 s later at "50": no more than 5 s (+1 s) can have played: 30–36.
    await at(0, c, { action: 'videoPlayLecture', videoTime: 30 });
    await at(5, c, { action: 'videoPauseLecture', videoTime: 50 });
    // Ignored: anonymous viewers, other videos.
    await at(0, null, { action: 'videoPlayLecture', videoTime: 0 });
    await at(0, c, { action: 'videoPlayLecture', videoTime: 0, videoID: w.otherVideoId });
    await at(12, c, { action: 'videoPauseLecture', videoTime: 12, videoID: w.otherVideoId });
    for (const timeAsked of [7, 9, 59, 75]) await seedQuestion(t.db, w.videoId, a.id, { timeAsked });
    t.clock.set(NOW);
  });
  afterAll(() => t.close());

  it('infers watched and re-watched spans per 5 s bin and counts questions', async () => {
    const res = await getAs(t, w.admin, url());
    expect(res.statusCode).toBe(200);
    const e = res.json<Engagement>();
    expect(e).toMatchObject({ videoId: w.videoId, binSeconds: 5, durationSeconds: 60 });
    expect(e.bins[0]).toEqual({ start: 0, end: 5, watched: 2, rewatched: 0, questions: 0 });
    expect(series(e)).toEqual({
      watched: [2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1],
      rewatched: [0, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0],
      // 75 s is past the end: it counts in the last bin.
      questions: [0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2],
    });
  });

  it('uses the bin width asked for', async () => {
    const e = (await getAs(t, w.admin, url(w.videoId, '?bin=10'))).json<Engagement>();
    expect(series(e)).toEqual({
      watched: [2, 2, 1, 1, 1, 1],
      rewatched: [1, 1, 1, 0, 0, 0],
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
});
