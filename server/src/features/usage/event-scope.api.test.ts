import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ActiveUserCounts, Engagement } from '@lectern/shared';
import { PLAYBACK_NEEDS_VIDEO } from './event-scope';
import { usageEvents, videos } from '../../db/schema';
import type { TestUser } from '../../../test/factories';
import { seedQuestion, seedVideo } from '../../../test/seed';
import { call, expectStatus } from '../../../test/calls';
import { worldFixture } from '../../../test/fixture';

// Issue 12, item 9: usage events only for what the caller may watch, positions inside the video, and
// no anonymous or outside viewer in an unreleased lecture's "currently watching".

describe('POST /api/logging/log checks what the event names', () => {
  const { t, w } = worldFixture();

  const log = (who: TestUser | null, body: object) => {
    const pageURL = `/video/x#${randomUUID()}`;
    return {
      pageURL,
      res: call(t, 'POST', '/api/logging/log', {
        as: who,
        payload: { action: 'videoPlayLecture', pageURL, ...body },
      }),
    };
  };
  const stored = (pageURL: string) =>
    t.db
      .select({
        userId: usageEvents.userId,
        videoId: usageEvents.videoId,
        lectureId: usageEvents.lectureId,
        courseId: usageEvents.courseId,
        videoTime: usageEvents.videoTime,
      })
      .from(usageEvents)
      .where(eq(usageEvents.pageUrl, pageURL));

  it('404 for an unreleased video, lecture or answer to all but its admins, and for unknown ids', async () => {
    const qU = await seedQuestion(t.db, w.VU.id, w.users.adminA.id, { lectureId: w.LU.id });
    const hidden = [
      { videoID: w.VU.id, videoTime: 1 },
      { action: 'discussionQuestionSubmit', lectureID: w.LU.id },
      { videoID: w.VU.id, lectureID: w.LU.id },
      { action: 'videoPlayResponse', questionID: qU.id, videoTime: 1 },
      { videoID: randomUUID() },
      { questionID: randomUUID() },
    ];
    for (const who of [null, w.users.outsider, w.users.studentA, w.users.adminB]) {
      for (const body of hidden) {
        const { pageURL, res } = log(who, body);
        expectStatus(await res, 404);
        expect(await stored(pageURL)).toEqual([]);
      }
    }
    const { pageURL, res } = log(w.users.coAdminA, { videoID: w.VU.id, lectureID: w.LU.id, videoTime: 2 });
    expectStatus(await res, 201);
    expect(await stored(pageURL)).toEqual([
      { userId: w.users.coAdminA.id, videoId: w.VU.id, lectureId: w.LU.id, courseId: w.A.id, videoTime: 2 },
    ]);
  });

  it('404 when the lecture does not hold the video, or the answer is of another video', async () => {
    const q = await seedQuestion(t.db, w.VA2.id, w.users.studentA.id, { lectureId: w.LA.id });
    for (const body of [
      { videoID: w.VA1.id, lectureID: w.LB.id },
      { action: 'videoPlayResponse', videoID: w.VA1.id, questionID: q.id },
    ]) {
      expectStatus(await log(w.users.studentA, body).res, 404);
    }
  });

  it('takes the course from the lecture, never from the client', async () => {
    const { pageURL, res } = log(w.users.studentA, {
      videoID: w.VA1.id,
      lectureID: w.LA.id,
      courseID: w.B.id,
    });
    expectStatus(await res, 201);
    expect((await stored(pageURL))[0]).toMatchObject({ lectureId: w.LA.id, courseId: w.A.id });
  });

  it('clamps a position to the video’s duration, or to 12 hours when the duration is unknown', async () => {
    const far = 10_000_000;
    const known = log(null, { videoID: w.VA1.id, videoTime: far });
    expectStatus(await known.res, 201);
    expect((await stored(known.pageURL))[0]?.videoTime).toBe(212);
    const unknownLength = await seedVideo(t.db, w.LA.id, { title: 'YouTube, length unknown' });
    await t.db.update(videos).set({ durationSeconds: null }).where(eq(videos.id, unknownLength.id));
    const yt = log(w.users.studentA, {
      action: 'videoSeekedLecture',
      videoID: unknownLength.id,
      videoTime: far,
    });
    expectStatus(await yt.res, 201);
    expect((await stored(yt.pageURL))[0]?.videoTime).toBe(12 * 3600);
    // Issue 20: neither that seek nor an anonymous progress report sets the chart's length; a signed-in
    // viewer's watched stretch does.
    const anonymous = log(null, {
      action: 'videoProgressLecture',
      videoID: unknownLength.id,
      fromTime: 0,
      videoTime: far,
    });
    expectStatus(await anonymous.res, 201);
    const chartLength = async () => {
      const res = await call(t, 'GET', `/api/admin/logs/video/${unknownLength.id}/engagement`, {
        as: w.users.adminA,
      });
      expectStatus(res, 200);
      return res.json<Engagement>().durationSeconds;
    };
    expect(await chartLength()).toBe(0);
    const watched = log(w.users.studentA, {
      action: 'videoProgressLecture',
      videoID: unknownLength.id,
      fromTime: 0,
      videoTime: 30,
    });
    expectStatus(await watched.res, 201);
    expect(await chartLength()).toBe(30);
  });

  it('400 for a playback event that names no video, and nothing is stored (issue 20)', async () => {
    for (const who of [null, w.users.studentA]) {
      for (const body of [
        { videoTime: 5 },
        { action: 'videoSeekedLecture', lectureID: w.LA.id, videoTime: 40_000 },
        { action: 'videoProgressLecture', fromTime: 0, videoTime: 40_000 },
      ]) {
        const { pageURL, res } = log(who, body);
        const answer = await res;
        expectStatus(answer, 400);
        expect(answer.json<{ error: string }>().error).toBe(PLAYBACK_NEEDS_VIDEO);
        expect(await stored(pageURL)).toEqual([]);
      }
    }
  });

  it('nobody outside shows up as currently watching an unreleased lecture; anonymous viewers never count', async () => {
    for (let i = 0; i < 6; i++) {
      await log(null, { videoID: w.VU.id, lectureID: w.LU.id }).res;
      await log(w.users.outsider, { videoID: w.VU.id }).res;
      await log(null, { videoID: w.VA2.id, lectureID: w.LA.id }).res;
    }
    const activity = async (lectureId: string) => {
      const res = await call(t, 'GET', `/api/admin/logs/lecture/${lectureId}/activity`, {
        as: w.users.adminA,
      });
      expectStatus(res, 200);
      return res.json<ActiveUserCounts>();
    };
    expect((await activity(w.LU.id)).activeFiveMinute).toBe(1); // coAdminA's preview only
    const before = (await activity(w.LA.id)).activeFiveMinute;
    await log(null, { videoID: w.VA2.id, lectureID: w.LA.id }).res;
    expect((await activity(w.LA.id)).activeFiveMinute).toBe(before);
  });
});
