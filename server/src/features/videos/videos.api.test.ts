import type { VideoAnswerDto, VideoContextDto, VideoDto } from '@lectern/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { videos } from '../../db/schema';
import { seedLecture, seedMedia, seedQuestion, seedResponse, seedVideo } from '../../../test/seed';
import { appendToPlaylist } from '../lectures/lectures.repository';
import { videoWorldFixture } from './test/video-world';

const { t, w } = videoWorldFixture();
let first: string; // videos of the released lecture A, in order
let second: string;
let secret: string; // the only video of the unreleased lecture
let answer: string; // response to a question on `first`
let hiddenAnswer: string; // response to a question on `secret`
const unknown = crypto.randomUUID();
const YOUTUBE = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';

beforeAll(async () => {
  const media = await seedMedia(t.db, t.media);
  first = (await seedVideo(t.db, w.lectureA, { title: 'One', mediaSha256: media })).id;
  second = (await seedVideo(t.db, w.lectureA, { title: 'Two', youtubeUrl: YOUTUBE })).id;
  secret = (await seedVideo(t.db, w.unreleasedA, { title: 'Secret' })).id;
  const answerMedia = await seedMedia(t.db, t.media, 'answer-4s.mp4', 4);
  answer = (
    await seedResponse(t.db, (await seedQuestion(t.db, first, w.student.id)).id, answerMedia, w.admin.id)
  ).id;
  hiddenAnswer = (
    await seedResponse(t.db, (await seedQuestion(t.db, secret, null)).id, answerMedia, w.admin.id)
  ).id;
  // `first` is also used in course B (a concurrent copy) and in a second lecture of course A.
  await appendToPlaylist(t.db, w.lectureB, first);
  const again = await seedLecture(t.db, w.courseA, t.clock.now(), { title: 'Lecture 2: Review' });
  await appendToPlaylist(t.db, again.id, first);
});

const get = (url: string, auth?: { authorization: string }) =>
  t.app.inject({ method: 'GET', url, headers: auth });

describe('GET /api/upload/lecture-videos/:lectureId and /lecture-video/:lectureId', () => {
  it('lists a released lecture in playlist order for anyone, the first id too', async () => {
    const list = await get(`/api/upload/lecture-videos/${w.lectureA}`);
    expect(list.statusCode).toBe(200);
    const body = list.json<VideoDto[]>();
    expect(body.map((v) => [v.id, v._id, v.title])).toEqual([
      [first, first, 'One'],
      [second, second, 'Two'],
    ]);
    expect(Object.keys(body[0]!).sort()).toEqual([
      '_id',
      'durationSeconds',
      'failureReason',
      'id',
      'posterSource',
      'progress',
      'sourceType',
      'status',
      'title',
      'videoSource',
    ]);
    expect(body[1]!.videoSource).toBe(YOUTUBE);
    expect((await get(`/api/upload/lecture-video/${w.lectureA}`)).json()).toEqual({ videoId: first });
  });

  it('hides an unreleased lecture from everyone but its admins', async () => {
    for (const url of [
      `/api/upload/lecture-videos/${w.unreleasedA}`,
      `/api/upload/lecture-video/${w.unreleasedA}`,
    ]) {
      expect((await get(url)).statusCode).toBe(404);
      expect((await get(url, w.student.auth)).statusCode).toBe(404);
      expect((await get(url, w.adminB.auth)).statusCode).toBe(404);
      expect((await get(url, w.admin.auth)).statusCode).toBe(200);
    }
  });

  it('answers 400 for a malformed id and 404 for an unknown lecture or one without videos', async () => {
    expect((await get('/api/upload/lecture-videos/nope')).statusCode).toBe(400);
    expect((await get(`/api/upload/lecture-videos/${unknown}`)).statusCode).toBe(404);
    const empty = await seedLecture(t.db, w.courseA, t.clock.now(), { title: 'Empty' });
    expect((await get(`/api/upload/lecture-video/${empty.id}`)).statusCode).toBe(404);
  });
});

describe('GET /api/upload/videoAnswers/:responseId', () => {
  it('gives the answer video of a visible question to anyone', async () => {
    const res = await get(`/api/upload/videoAnswers/${answer}`);
    expect(res.statusCode).toBe(200);
    const body = res.json<VideoAnswerDto>();
    expect(body).toMatchObject({ id: answer, _id: answer });
    expect((await get(body.videoSource.split('?')[0]!)).statusCode).toBe(200); // released: public file
  });

  it('hides answers on unreleased videos and unknown ids', async () => {
    expect((await get(`/api/upload/videoAnswers/${hiddenAnswer}`, w.student.auth)).statusCode).toBe(404);
    expect((await get(`/api/upload/videoAnswers/${hiddenAnswer}`, w.admin.auth)).statusCode).toBe(200);
    expect((await get(`/api/upload/videoAnswers/${unknown}`)).statusCode).toBe(404);
    expect((await get('/api/upload/videoAnswers/1')).statusCode).toBe(400);
  });
});

describe('GET /api/upload/contexts/:videoId', () => {
  it('is for admins of a course holding the video', async () => {
    expect((await get(`/api/upload/contexts/${first}`)).statusCode).toBe(401);
    expect((await get(`/api/upload/contexts/${first}`, w.student.auth)).statusCode).toBe(403);
    expect((await get(`/api/upload/contexts/${second}`, w.adminB.auth)).statusCode).toBe(403);
    expect((await get(`/api/upload/contexts/${unknown}`, w.admin.auth)).statusCode).toBe(404);
  });

  it("lists only the lectures in the caller's own courses", async () => {
    const mine = (await get(`/api/upload/contexts/${first}`, w.admin.auth)).json<VideoContextDto[]>();
    expect(mine.map((c) => c.lectureTitle).sort()).toEqual(['Lecture 1: Sampling', 'Lecture 2: Review']);
    expect(mine.every((c) => c.courseId === w.courseA && c.courseName === 'Signals and Systems')).toBe(true);
    const theirs = (await get(`/api/upload/contexts/${first}`, w.adminB.auth)).json<VideoContextDto[]>();
    expect(theirs).toEqual([
      {
        lectureId: w.lectureB,
        courseId: w.courseB,
        courseName: 'Course B',
        lectureTitle: 'Lecture 1: Sampling',
      },
    ]);
  });
});

describe('PUT /api/upload/renameLectureVideo/:id', () => {
  const rename = (id: string, payload: object, auth?: { authorization: string }) =>
    t.app.inject({ method: 'PUT', url: `/api/upload/renameLectureVideo/${id}`, payload, headers: auth });
  const titleOf = async (id: string) =>
    (await t.db.select({ title: videos.title }).from(videos).where(eq(videos.id, id)))[0]!.title;

  it('refuses anonymous, students, other courses, bad titles and unknown ids, changing nothing', async () => {
    expect((await rename(second, { title: 'New' })).statusCode).toBe(401);
    expect((await rename(second, { title: 'New' }, w.student.auth)).statusCode).toBe(403);
    expect((await rename(second, { title: 'New' }, w.adminB.auth)).statusCode).toBe(403);
    expect((await rename(second, { title: '  ' }, w.admin.auth)).statusCode).toBe(400);
    expect((await rename(second, { title: 'x'.repeat(201) }, w.admin.auth)).statusCode).toBe(400);
    expect((await rename(second, { title: 'New', admins: [] }, w.admin.auth)).statusCode).toBe(400);
    expect((await rename(unknown, { title: 'New' }, w.admin.auth)).statusCode).toBe(404);
    expect(await titleOf(second)).toBe('Two');
  });

  it('renames for an admin of a course holding the video', async () => {
    const res = await rename(second, { title: ' Part two ' }, w.admin.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json<VideoDto>().title).toBe('Part two');
    expect(await titleOf(second)).toBe('Part two');
  });
});
