import { randomUUID } from 'node:crypto';
import type { UsageEntry } from '@lectern/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestUser as U } from '../../../test/factories';
import { appFixture } from '../../../test/fixture';
import { getAs, logAs, seedUsageWorld } from './usage.test-support';

const NOW = new Date('2026-03-02T12:00:00.000Z');
const ago = (s: number) => new Date(NOW.getTime() - s * 1000);

describe('GET /api/admin/logs/video/:id/student-activity', () => {
  // A 60 s video.
  const { t, w } = appFixture(
    (app) => seedUsageWorld(app, { studentNames: ['bob', 'Alice', 'carol', 'Dave', 'Eve'] }),
    { app: { start: NOW } },
  );
  const url = () => `/api/admin/logs/video/${w.videoId}/student-activity`;
  const byName = (entries: UsageEntry[]) => Object.fromEntries(entries.map((e) => [e.name, e]));

  beforeAll(async () => {
    const [bob, alice, carol, dave, eve] = w.students as [U, U, U, U, U];
    const at = async (secondsAgo: number, user: U | null, body: Parameters<typeof logAs>[2]) => {
      t.clock.set(ago(secondsAgo));
      await logAs(t, user, { videoID: w.videoId, ...body });
    };
    // Alice plays from the start 30 s ago: the video (60 s) is still running.
    await at(30, alice, { action: 'videoPlayLecture', videoTime: 0 });
    // bob played, then paused 10 s ago.
    await at(60, bob, { action: 'videoPlayLecture', videoTime: 0 });
    await at(10, bob, { action: 'videoPauseLecture', videoTime: 50 });
    // carol played the last 10 s 71 s ago: the video ended 61 s ago, past the 60 s grace.
    await at(71, carol, { action: 'videoPlayLecture', videoTime: 50 });
    // Dave switched to 2× at the start 100 s ago: 30 s of playback + 60 s of grace ended 10 s ago.
    await at(100, dave, { action: 'videoRateChangeLecture', videoTime: 0, rate: 2 });
    // Eve only asked a question about the video.
    await at(20, eve, { action: 'delayedQuestionSubmit', videoTime: 12 });
    // Neither anonymous viewers nor other videos appear.
    await at(5, null, { action: 'videoPlayLecture', videoTime: 0 });
    await at(5, eve, { action: 'videoPlayLecture', videoTime: 0, videoID: w.otherVideoId });
    t.clock.set(NOW);
  });

  it('lists every signed-in user with an event, sorted by name whatever the case', async () => {
    const res = await getAs(t, w.admin, url());
    expect(res.statusCode).toBe(200);
    const entries = res.json<UsageEntry[]>();
    expect(entries.map((e) => e.name)).toEqual(['Alice', 'bob', 'carol', 'Dave', 'Eve']);
    expect(byName(entries).bob).toEqual({
      userId: w.students[0]!.id,
      name: 'bob',
      startTime: ago(60).toISOString(),
      lastActive: ago(10).toISOString(),
      status: null,
    });
  });

  it('marks as currently watching only those whose playback can still be running', async () => {
    const entries = byName((await getAs(t, w.admin, url())).json<UsageEntry[]>());
    expect(entries.Alice!.status).toBe('currently watching');
    expect(entries.bob!.status).toBeNull(); // paused
    expect(entries.carol!.status).toBeNull(); // reached the end more than 60 s ago
    expect(entries.Dave!.status).toBeNull(); // at 2×, the end came early
    expect(entries.Eve!.status).toBeNull(); // never played
  });

  it('drops "currently watching" once the video would have ended plus 60 s', async () => {
    t.clock.set(new Date(NOW.getTime() + 90_000)); // Alice: started 120 s ago, 60 s video + 60 s grace
    const stillThere = byName((await getAs(t, w.admin, url())).json<UsageEntry[]>());
    t.clock.set(new Date(NOW.getTime() + 90_001));
    const gone = byName((await getAs(t, w.admin, url())).json<UsageEntry[]>());
    t.clock.set(NOW);
    expect(stillThere.Alice!.status).toBe('currently watching');
    expect(gone.Alice!.status).toBeNull();
  });

  it('answers 401 without a token', async () => {
    expect((await getAs(t, null, url())).statusCode).toBe(401);
  });

  it('answers 403 to a student and to an admin of another course', async () => {
    expect((await getAs(t, w.students[0]!, url())).statusCode).toBe(403);
    expect((await getAs(t, w.outsiderAdmin, url())).statusCode).toBe(403);
  });

  it('answers 404 for an unknown video and 400 for a malformed id', async () => {
    const unknown = `/api/admin/logs/video/${randomUUID()}/student-activity`;
    expect((await getAs(t, w.admin, unknown)).statusCode).toBe(404);
    expect((await getAs(t, w.admin, '/api/admin/logs/video/1/student-activity')).statusCode).toBe(400);
  });
});
