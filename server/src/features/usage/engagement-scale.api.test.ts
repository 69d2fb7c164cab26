import { randomUUID } from 'node:crypto';
import type { Engagement } from '@lectern/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usageEvents } from '../../db/schema';
import { createUser } from '../../../test/factories';
import { seedCourse, seedLecture, seedQuestion, seedVideo } from '../../../test/seed';
import { type TestApp, createTestApp } from '../../../test/test-app';

// 500 students × 200 events = 100,000 events on a 1000 s video. Only correctness is checked here; the
// speed of the same query is measured by bench/scenarios/usage.mjs.
const STUDENTS = 500;
const PAIRS = 100; // a play and a pause each
const NOW = new Date('2026-03-02T12:00:00.000Z');

describe('engagement over 100,000 events', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof createUser>>;
  let videoId: string;

  beforeAll(async () => {
    t = await createTestApp({ start: NOW });
    admin = await createUser(t.app);
    const course = await seedCourse(t.db, admin.id);
    const lecture = await seedLecture(t.db, course.id, NOW);
    videoId = (await seedVideo(t.db, lecture.id, { durationSeconds: 1000 })).id;
    for (const timeAsked of [1, 2, 3]) await seedQuestion(t.db, videoId, admin.id, { timeAsked });
    // Student i plays 10 s and pauses, 100 times, covering 0–1000 s; the last event is at NOW. Even
    // students replace their last pause by a seek back to 500 s, which marks 500–1000 s as re-watched.
    const events: (typeof usageEvents.$inferInsert)[] = [];
    const start = NOW.getTime() - (2 * PAIRS - 1) * 10_000;
    for (let s = 0; s < STUDENTS; s += 1) {
      const userId = randomUUID();
      for (let e = 0; e < 2 * PAIRS; e += 1) {
        const isPlay = e % 2 === 0;
        const last = e === 2 * PAIRS - 1;
        const seekBack = last && s % 2 === 0;
        events.push({
          userId,
          videoId,
          action: isPlay ? 'videoPlayLecture' : seekBack ? 'videoSeekedLecture' : 'videoPauseLecture',
          videoTime: seekBack ? 500 : Math.ceil(e / 2) * 10,
          createdAt: new Date(start + e * 10_000),
        });
      }
    }
    for (let i = 0; i < events.length; i += 5000) {
      await t.db.insert(usageEvents).values(events.slice(i, i + 5000));
    }
  }, 300_000);
  afterAll(() => t.close());

  it('counts every student in every bin and half of them as re-watching the second half', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/logs/video/${videoId}/engagement?bin=5`,
      headers: admin.auth,
    });
    expect(res.statusCode).toBe(200);
    const e = res.json<Engagement>();
    expect(e.bins).toHaveLength(200);
    expect(new Set(e.bins.map((b) => b.watched))).toEqual(new Set([STUDENTS]));
    expect(e.bins.slice(0, 100).every((b) => b.rewatched === 0)).toBe(true);
    expect(e.bins.slice(100).every((b) => b.rewatched === STUDENTS / 2)).toBe(true);
    expect(e.bins.map((b) => b.questions).filter((q) => q > 0)).toEqual([3]);
  });
});
