import type { LectureVideoItem } from '@lectern/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../../../test/factories';
import { seedCourseAdmin } from '../../../test/seed';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { heldFfmpeg } from '../media/test/held-ffmpeg';
import { fixture, multipart, processingDone, seedVideoWorld, type VideoWorld } from './test/video-world';

// Issue 20, "ffmpeg under control": conversions queue fairly per uploader. One conversion at a time; one
// instructor queues three, then a co-instructor of the same course queues one: the co-instructor's runs
// second, not after all three. A converted video joins the end of the playlist, so its order is the order
// in which conversions ran.

let t: TestApp;
let w: VideoWorld;
const ffmpeg = heldFfmpeg();
beforeAll(async () => {
  t = await createTestApp({ env: { FFMPEG_PATH: ffmpeg.path, PROCESSING_CONCURRENCY: '1' } });
  w = await seedVideoWorld(t);
  await seedCourseAdmin(t.db, w.courseA, w.adminB.id);
});
afterAll(() => t.close());

async function upload(as: TestUser, title: string) {
  const body = multipart(
    { courseID: w.courseA, lectureID: w.lectureA, title, sourceType: 'localFile' },
    { name: 'clip.webm', data: fixture('input-vp8-vorbis.webm') },
  );
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/upload/videoFileToLecture',
    payload: body.payload,
    headers: { ...body.headers, ...as.auth },
  });
  expect(res.statusCode, res.body).toBe(201);
}

describe('conversions queue fairly per uploader', () => {
  it("runs another uploader's one conversion before the first uploader's later ones", async () => {
    ffmpeg.hold(true);
    try {
      await upload(w.admin, 'A1');
      await ffmpeg.waiting(); // A1 runs; everything after it waits in the queue
      await upload(w.admin, 'A2');
      await upload(w.admin, 'A3');
      await upload(w.adminB, 'B1');
    } finally {
      ffmpeg.hold(false);
    }
    await processingDone(t);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/lectures/lectureVideos/${w.lectureA}`,
      headers: w.admin.auth,
    });
    const playlist = res.json<LectureVideoItem[]>();
    expect(playlist.map((v) => [v.title, v.status])).toEqual([
      ['A1', 'ready'],
      ['B1', 'ready'],
      ['A2', 'ready'],
      ['A3', 'ready'],
    ]);
  }, 120_000);
});
