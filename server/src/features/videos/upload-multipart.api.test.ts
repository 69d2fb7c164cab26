import { createHash } from 'node:crypto';
import { INVALID_YOUTUBE_LINK, MEDIA, VALIDATION, type VideoDto } from '@lectern/shared';
import { describe, expect, it } from 'vitest';
import {
  fixture,
  multipart,
  processingDone,
  storedFiles,
  uploadRowCounts,
  videoWorldFixture,
} from './test/video-world';

const { t, w } = videoWorldFixture({ app: { env: { MAX_UPLOAD_BYTES: '120000' } } });

const URL = '/api/upload/videoFileToLecture';
const fields = () => ({
  courseID: w.courseA,
  lectureID: w.lectureA,
  title: 'Part 1',
  sourceType: 'localFile',
});
const upload = (body: ReturnType<typeof multipart>, auth?: { authorization: string }) =>
  t.app.inject({ method: 'POST', url: URL, payload: body.payload, headers: { ...body.headers, ...auth } });

/** Posts a refused upload and checks it left no file and no row behind. */
async function expectRefused(
  body: ReturnType<typeof multipart>,
  auth: { authorization: string },
  status: number,
) {
  const before = await uploadRowCounts(t);
  const filesBefore = storedFiles(t);
  const res = await upload(body, auth);
  expect(res.statusCode, res.body).toBe(status);
  expect(await uploadRowCounts(t)).toEqual(before);
  expect(storedFiles(t)).toEqual(filesBefore);
  return res.json<{ error: string }>().error;
}

describe('POST /api/upload/videoFileToLecture', () => {
  const mp4 = () => ({ name: 'lecture.mp4', data: fixture('lecture-10s.mp4') });

  it('needs a login', async () => {
    expect((await upload(multipart(fields(), mp4()))).statusCode).toBe(401);
  });

  it('refuses students and admins of another course, storing nothing', async () => {
    await expectRefused(multipart(fields(), mp4()), w.student.auth, 403);
    await expectRefused(multipart(fields(), mp4()), w.adminB.auth, 403);
  });

  it('refuses a lecture of another course (objects must belong together)', async () => {
    await expectRefused(multipart({ ...fields(), lectureID: w.lectureB }, mp4()), w.admin.auth, 400);
  });

  it('refuses bad fields, a missing file and fields sent after the file', async () => {
    expect(await expectRefused(multipart({ ...fields(), title: ' ' }, mp4()), w.admin.auth, 400)).toBe(
      VALIDATION.titleRequired,
    );
    expect(await expectRefused(multipart(fields()), w.admin.auth, 400)).toBe(VALIDATION.selectFile);
    await expectRefused(multipart({ title: 'x' }, mp4()), w.admin.auth, 400);
    await expectRefused(multipart({ ...fields(), courseID: 'nope' }, mp4()), w.admin.auth, 400);
  });

  it('refuses a JSON body with 415', async () => {
    const res = await t.app.inject({ method: 'POST', url: URL, payload: fields(), headers: w.admin.auth });
    expect(res.statusCode).toBe(415);
  });

  it('refuses a text file named .mp4 and a sound-only file (415), and damaged ones (422), leaving nothing behind', async () => {
    const text = { name: 'x.mp4', data: fixture('text-disguised-as.mp4') };
    expect(await expectRefused(multipart(fields(), text), w.admin.auth, 415)).toBe(MEDIA.notAVideo);
    const sound = { name: 'x.mp4', data: fixture('audio-only.m4a') };
    expect(await expectRefused(multipart(fields(), sound), w.admin.auth, 415)).toBe(MEDIA.notAVideo);
    for (const name of ['damaged.mp4', 'damaged.webm']) {
      expect(await expectRefused(multipart(fields(), { name, data: fixture(name) }), w.admin.auth, 422)).toBe(
        MEDIA.damaged,
      );
    }
  });

  it('refuses a file over MAX_UPLOAD_BYTES with 413 and the limit in words, leaving nothing behind', async () => {
    const big = { name: 'big.mp4', data: Buffer.concat([fixture('lecture-10s.mp4'), Buffer.alloc(120_000)]) };
    // A limit under 1 MiB once read "the limit is 0 MB" (issue 26).
    expect(await expectRefused(multipart(fields(), big), w.admin.auth, 413)).toBe(
      'The file is too large (the limit is 117.2 KB)',
    );
  });

  it('stores an mp4, records its duration and appends it to the lecture', async () => {
    const first = await upload(multipart(fields(), mp4()), w.admin.auth);
    expect(first.statusCode, first.body).toBe(201);
    const video = first.json<VideoDto>();
    expect(video).toMatchObject({ id: video._id, title: 'Part 1', sourceType: 'localFile' });
    expect(video.durationSeconds).toBeCloseTo(10, 0);
    const sha = createHash('sha256').update(fixture('lecture-10s.mp4')).digest('hex');
    expect(video.videoSource).toMatch(new RegExp(`^/media/${sha}\\.mp4\\?exp=\\d+&sig=`));
    expect(await t.media.exists(sha)).toBe(true);

    const moov = await upload(
      multipart({ ...fields(), title: 'Part 2' }, { name: 'm.mp4', data: fixture('moov-at-end-5s.mp4') }),
      w.admin.auth,
    );
    expect(moov.statusCode, moov.body).toBe(201);
    // Its index is at the end: it is remuxed first, and nobody but the admins sees it meanwhile.
    expect(moov.json<VideoDto>()).toMatchObject({
      status: 'processing',
      videoSource: '',
      durationSeconds: null,
    });
    const titles = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/upload/lecture-videos/${w.lectureA}` }))
        .json<VideoDto[]>()
        .map((v) => v.title);
    expect(await titles()).toEqual(['Part 1']);

    await processingDone(t);
    expect(await titles()).toEqual(['Part 1', 'Part 2']);
    const list = await t.app.inject({ method: 'GET', url: `/api/upload/lecture-videos/${w.lectureA}` });
    expect(list.json<VideoDto[]>()[1]!.durationSeconds).toBeCloseTo(5, 1);
    // The media scratch dir and the originals are empty again.
    expect(storedFiles(t).filter((f) => f.includes('.incoming') || f.includes('originals'))).toEqual([]);
  });
});

describe('POST /api/upload/youtubeToLecture', () => {
  const body = (over: Record<string, string> = {}) => ({
    courseID: w.courseA,
    lectureID: w.lectureA,
    title: 'Intro',
    videoSource: 'https://youtu.be/dQw4w9WgXcQ',
    sourceType: 'youtubeLink',
    ...over,
  });
  const post = (payload: object, auth?: { authorization: string }) =>
    t.app.inject({ method: 'POST', url: '/api/upload/youtubeToLecture', payload, headers: auth });

  it('checks login, role and that the lecture belongs to the course', async () => {
    const before = await uploadRowCounts(t);
    expect((await post(body())).statusCode).toBe(401);
    expect((await post(body(), w.student.auth)).statusCode).toBe(403);
    expect((await post(body(), w.adminB.auth)).statusCode).toBe(403);
    expect((await post(body({ lectureID: w.lectureB }), w.admin.auth)).statusCode).toBe(400);
    expect((await post(body({ courseID: crypto.randomUUID() }), w.admin.auth)).statusCode).toBe(404);
    expect(await uploadRowCounts(t)).toEqual(before);
  });

  it.each([
    'javascript:alert(1)',
    'https://evil.example/watch?v=dQw4w9WgXcQ',
    'https://youtube.com/watch?v=short',
  ])('refuses %s', async (link) => {
    const res = await post(body({ videoSource: link }), w.admin.auth);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toBe(INVALID_YOUTUBE_LINK);
  });

  it.each([
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10',
    'https://youtu.be/dQw4w9WgXcQ',
    'https://www.youtube.com/embed/dQw4w9WgXcQ',
    'https://youtube.com/shorts/dQw4w9WgXcQ',
  ])('stores %s normalised', async (link) => {
    const res = await post(body({ videoSource: link }), w.admin.auth);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<VideoDto>()).toMatchObject({
      sourceType: 'youtubeLink',
      videoSource: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    });
  });
});
