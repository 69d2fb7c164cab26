import fs from 'node:fs';
import { type LectureVideoItem, MEDIA, type VideoDto } from '@lectern/shared';
import { describe, expect, it } from 'vitest';
import { heldFfmpeg } from '../media/test/held-ffmpeg';
import { fixture, multipart, processingDone, storedFiles, videoWorldFixture } from './test/video-world';

// Issue 9 through HTTP: every accepted input becomes a ready fast-start MP4, students never receive a
// video that is not ready, a failed one shows its reason to its admins and can be deleted.

const ffmpeg = heldFfmpeg();
const { t, w } = videoWorldFixture({ app: { env: { FFMPEG_PATH: ffmpeg.path } } });

const fields = (title: string) => ({
  courseID: w.courseA,
  lectureID: w.lectureA,
  title,
  sourceType: 'localFile',
});
async function upload(name: string, title = name) {
  const body = multipart(fields(title), { name, data: fixture(name) });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/upload/videoFileToLecture',
    payload: body.payload,
    headers: { ...body.headers, ...w.admin.auth },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<VideoDto>();
}
const get = (url: string, auth?: Record<string, string>) =>
  t.app.inject({ method: 'GET', url, headers: auth });
const lectureVideos = async (auth?: Record<string, string>) =>
  (await get(`/api/lectures/lectureVideos/${w.lectureA}`, auth)).json<LectureVideoItem[]>();

/** Top-level box types of an MP4's bytes. */
function boxes(bytes: Buffer): string[] {
  const types: string[] = [];
  for (let at = 0; at + 8 <= bytes.length;) {
    let size = bytes.readUInt32BE(at);
    if (size === 1) size = Number(bytes.readBigUInt64BE(at + 8));
    if (size === 0) size = bytes.length - at;
    types.push(bytes.toString('latin1', at + 4, at + 8));
    at += size;
  }
  return types;
}

describe('every accepted input becomes a ready fast-start MP4', () => {
  it.each([
    ['moov-at-end-5s.mp4', 5],
    ['input-h264-aac.mov', 2],
    ['input-h264-aac.m4v', 2],
    ['input-hevc-aac.mp4', 2],
    ['input-vp8-vorbis.webm', 2],
    ['input-vp9-opus.webm', 2],
    ['input-av1-opus.webm', 2],
    ['input-h264-opus.mkv', 2],
    ['recorded-vp8-opus.webm', 2],
    ['recorded-h264-opus.mp4', 2],
  ])('%s (%d s)', async (name, seconds) => {
    const created = await upload(name);
    expect(created).toMatchObject({ status: 'processing', videoSource: '', durationSeconds: null });
    await processingDone(t);
    const video = (await lectureVideos(w.student.auth)).find((v) => v.id === created.id);
    expect(video).toMatchObject({ status: 'ready', progress: null, failureReason: null });
    expect(Math.abs(video!.durationSeconds! - seconds)).toBeLessThan(0.25);
    const file = await get(video!.videoSource);
    expect(file.headers['content-type']).toBe('video/mp4');
    const order = boxes(file.rawPayload);
    expect(order[0]).toBe('ftyp');
    expect(order.indexOf('moov')).toBeGreaterThan(0);
    expect(order.indexOf('moov')).toBeLessThan(order.indexOf('mdat'));
    const poster = await get(video!.posterSource!);
    expect(poster.headers['content-type']).toBe('image/jpeg');
    expect(poster.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
  });

  it('keeps no original and no work file once verified', () => {
    expect(storedFiles(t).filter((f) => /originals|processing-/.test(f))).toEqual([]);
  });
});

describe('who sees a video that is not ready', () => {
  it('students and anonymous viewers never receive a processing video; its admins see it', async () => {
    ffmpeg.hold(true);
    try {
      const created = await upload('input-vp9-opus.webm', 'Held back');
      await ffmpeg.waiting();
      for (const auth of [w.student.auth, undefined]) {
        expect((await lectureVideos(auth)).map((v) => v.id)).not.toContain(created.id);
        const list = await get(`/api/upload/lecture-videos/${w.lectureA}`, auth);
        expect(list.json<VideoDto[]>().map((v) => v.id)).not.toContain(created.id);
        expect((await get(`/api/upload/${created.id}`, auth)).statusCode).toBe(404);
        const lecture = await get(`/api/lectures/${w.lectureA}`, auth);
        expect(lecture.json<{ lectureVideos: string[] }>().lectureVideos).not.toContain(created.id);
      }
      const mine = (await lectureVideos(w.admin.auth)).find((v) => v.id === created.id);
      expect(mine).toMatchObject({ status: 'processing', videoSource: '', posterSource: null });
    } finally {
      ffmpeg.hold(false);
    }
    await processingDone(t);
    expect((await lectureVideos(w.student.auth)).map((v) => v.title)).toContain('Held back');
  });

  it('a failed video shows its reason to its admins only, and its admin can delete it', async () => {
    ffmpeg.fail(true);
    let created: VideoDto;
    try {
      created = await upload('input-h264-opus.mkv', 'Broken encoder');
      await processingDone(t);
    } finally {
      ffmpeg.fail(false);
    }
    const failed = (await lectureVideos(w.admin.auth)).find((v) => v.id === created.id);
    expect(failed).toMatchObject({
      status: 'failed',
      failureReason: `${MEDIA.conversionFailed} (Simulated encoder failure).`,
      videoSource: '',
    });
    expect((await lectureVideos(w.student.auth)).map((v) => v.id)).not.toContain(created.id);

    const remove = (auth: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/lectures/${w.lectureA}/removeVideo`,
        payload: { videoId: created.id },
        headers: auth,
      });
    expect((await remove(w.student.auth)).statusCode).toBe(403);
    const removed = await remove(w.admin.auth);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await lectureVideos(w.admin.auth)).map((v) => v.id)).not.toContain(created.id);
    expect(fs.readdirSync(`${t.config.mediaDir}/originals`)).toEqual([]);
  });
});
