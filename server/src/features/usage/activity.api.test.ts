import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestUser as U } from '../../../test/factories';
import { appFixture } from '../../../test/fixture';
import { getAs, logAs, seedUsageWorld } from './usage.test-support';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const NOW = new Date('2026-03-02T12:00:00.000Z');

describe('GET /api/admin/logs/lecture/:id/activity', () => {
  const { t, w } = appFixture(
    (app) => seedUsageWorld(app, { studentNames: ['s0', 's1', 's2', 's3', 's4', 's5', 's6'] }),
    { app: { start: NOW } },
  );
  const url = () => `/api/admin/logs/lecture/${w.lectureId}/activity`;

  beforeAll(async () => {
    const [s0, s1, s2, s3, s4, s5, s6] = w.students as [U, U, U, U, U, U, U];
    const logAgo = async (ms: number, user: U | null, body: Parameters<typeof logAs>[2]) => {
      t.clock.set(new Date(NOW.getTime() - ms));
      await logAs(t, user, body);
    };
    const play = { action: 'videoPlayLecture' as const, videoID: w.videoId, videoTime: 3 };
    // Each window is inclusive: an event exactly 5 min (1 h, 1 day) old still counts, 1 ms older does not.
    await logAgo(5 * MINUTE, s0, play);
    await logAgo(5 * MINUTE + 1, s1, play);
    await logAgo(HOUR, s2, play);
    await logAgo(HOUR + 1, s3, play);
    await logAgo(DAY, s4, play);
    await logAgo(DAY + 1, s5, play);
    // s0 again: still one user. An event naming only the lecture counts; anonymous viewers do not.
    await logAgo(MINUTE, s0, play);
    await logAgo(2 * MINUTE, s6, { action: 'delayedQuestionSubmit', lectureID: w.lectureId, videoTime: 4 });
    await logAgo(MINUTE, null, play);
    // Another lecture's video is not this lecture's activity.
    await logAgo(MINUTE, s5, { action: 'videoPlayLecture', videoID: w.otherVideoId, videoTime: 1 });
    t.clock.set(NOW);
  });

  it('counts distinct users in the 5 min, 1 h and 1 day windows, edges included', async () => {
    const res = await getAs(t, w.admin, url());
    expect(res.statusCode).toBe(200);
    // 5 min: s0, s6. 1 h: + s1, s2. 1 day: + s3, s4.
    expect(res.json()).toEqual({ activeFiveMinute: 2, activeOneHour: 4, activeOneDay: 6 });
  });

  it('measures the windows with the server clock', async () => {
    t.clock.set(new Date(NOW.getTime() + 4 * MINUTE));
    const res = await getAs(t, w.admin, url());
    t.clock.set(NOW);
    // Four minutes on, s6 (6 min old), s2 (1 h 4 min) and s4 (1 day 4 min) drop out of their windows.
    expect(res.json()).toEqual({ activeFiveMinute: 1, activeOneHour: 3, activeOneDay: 5 });
  });

  it('answers 401 without a token', async () => {
    expect((await getAs(t, null, url())).statusCode).toBe(401);
  });

  it('answers 403 to a student and to an admin of another course', async () => {
    expect((await getAs(t, w.students[0]!, url())).statusCode).toBe(403);
    expect((await getAs(t, w.outsiderAdmin, url())).statusCode).toBe(403);
  });

  it('answers 404 for an unknown lecture and 400 for a malformed id', async () => {
    expect((await getAs(t, w.admin, `/api/admin/logs/lecture/${randomUUID()}/activity`)).statusCode).toBe(
      404,
    );
    expect((await getAs(t, w.admin, '/api/admin/logs/lecture/not-a-uuid/activity')).statusCode).toBe(400);
  });
});
