import { randomUUID } from 'node:crypto';
import type { CourseLecturesAnswer, LectureDto, LectureVideoItem } from '@lectern/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lectures, videos } from '../../db/schema';
import { seedLecture, seedMedia, seedVideo } from '../../../test/seed';
import { worldFixture } from '../../../test/fixture';
import { courseSnapshot } from '../../../test/course-snapshot';

const HOUR = 3_600_000;

describe('lectures API', () => {
  const { t, w, call } = worldFixture();

  describe('GET /api/lectures/courseLectures/:courseId', () => {
    const url = (id: string) => `/api/lectures/courseLectures/${id}`;

    it('401, 400, 404, and 403 for an outsider and for the student and admin of B', async () => {
      expect((await call(null, 'GET', url(w.A.id))).statusCode).toBe(401);
      expect((await call(w.users.adminA, 'GET', url('x'))).statusCode).toBe(400);
      expect((await call(w.users.adminA, 'GET', url(randomUUID()))).statusCode).toBe(404);
      for (const user of [w.users.outsider, w.users.studentB, w.users.adminB]) {
        expect((await call(user, 'GET', url(w.A.id))).statusCode).toBe(403);
      }
    });

    it('students see released lectures only; admins see all, the unreleased one flagged', async () => {
      const student = (await call(w.users.studentA, 'GET', url(w.A.id))).json<CourseLecturesAnswer>();
      expect(student.lectures.map((l) => l.title)).toEqual(['LA']);
      expect(student).toMatchObject({ id: w.A.id, _id: w.A.id, name: 'Course A', isAdmin: false });
      expect(student.admins.map((a) => a.name)).toEqual(['Ada Admin', 'Cora CoAdmin']);
      const admin = (await call(w.users.coAdminA, 'GET', url(w.A.id))).json<CourseLecturesAnswer>();
      expect(admin.isAdmin).toBe(true);
      expect(admin.lectures.map((l) => [l.title, l.released])).toEqual([
        ['LA', true],
        ['LU', false],
      ]);
      expect(admin.lectures[0]!.lectureVideos).toEqual([w.VA1.id, w.VA2.id]);
    });

    it('sorts by lecture date and releases a lecture once its availability date passes', async () => {
      const now = t.clock.now().getTime();
      const early = await seedLecture(t.db, w.B.id, t.clock.now(), {
        title: 'Early',
        lectureDate: new Date(now - 10 * HOUR),
      });
      const later = await seedLecture(t.db, w.B.id, t.clock.now(), {
        title: 'Later',
        lectureDate: new Date(now + HOUR),
        lectureDateAvailable: new Date(now + HOUR / 2),
      });
      const titles = async () =>
        (await call(w.users.studentB, 'GET', url(w.B.id)))
          .json<CourseLecturesAnswer>()
          .lectures.map((l) => l.id);
      expect(await titles()).toEqual([early.id, w.LB.id]);
      t.clock.advance(HOUR / 2);
      expect(await titles()).toEqual([early.id, w.LB.id, later.id]);
    });
    it('each lecture card has its first ready poster and the summed length of its ready videos', async () => {
      const withMedia = await seedLecture(t.db, w.B.id, t.clock.now(), { title: 'With media' });
      const sha = await seedMedia(t.db, t.media);
      const other = await seedMedia(t.db, t.media, 'lecture-6s.mp4', 6);
      const converting = await seedVideo(t.db, withMedia.id, { title: 'Converting', mediaSha256: other });
      await t.db
        .update(videos)
        .set({ status: 'processing', hasPoster: true, durationSeconds: 999 })
        .where(eq(videos.id, converting.id));
      const first = await seedVideo(t.db, withMedia.id, { title: 'File', mediaSha256: sha });
      await t.db.update(videos).set({ hasPoster: true }).where(eq(videos.id, first.id));
      await seedVideo(t.db, withMedia.id, { title: 'Tube', durationSeconds: 212 });
      const bare = await seedLecture(t.db, w.B.id, t.clock.now(), { title: 'No videos' });

      const { lectures: cards } = (
        await call(w.users.adminB, 'GET', url(w.B.id))
      ).json<CourseLecturesAnswer>();
      const card = cards.find((l) => l.id === withMedia.id)!;
      expect(card.posterSource).toMatch(new RegExp(`^/media/${sha}\\.jpg\\?exp=\\d+&sig=[\\w-]+$`));
      expect(card.durationSeconds).toBe(222); // the converting video counts for neither
      expect(cards.find((l) => l.id === bare.id)).toMatchObject({
        posterSource: null,
        durationSeconds: null,
      });
    });
  });

  describe('GET /api/lectures/:id and /api/lectures/lectureVideos/:lectureId', () => {
    it('a released lecture is readable by anyone, with its playlist and parent course', async () => {
      const res = await call(null, 'GET', `/api/lectures/${w.LA.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json<LectureDto>()).toEqual({
        id: w.LA.id,
        _id: w.LA.id,
        title: 'LA',
        topic: 'Sampling',
        lectureDate: w.LA.lectureDate.toISOString(),
        lectureDateAvailable: w.LA.lectureDateAvailable.toISOString(),
        lectureDateStart: w.LA.lectureDateStart.toISOString(),
        lectureDateEnd: w.LA.lectureDateEnd.toISOString(),
        lectureVideos: [w.VA1.id, w.VA2.id],
        firstVideoId: w.VA1.id,
        // Read by link from outside the course: no join code (issue 12, item 3).
        courseID: '',
        parentCourse: { id: '', _id: '', name: 'Course A' },
        released: true,
      });
      const videos = await call(w.users.outsider, 'GET', `/api/lectures/lectureVideos/${w.LA.id}`);
      expect(videos.json<LectureVideoItem[]>().map((v) => v.title)).toEqual(['VA1', 'VA2']);
    });

    it('an unreleased lecture is 404 for everyone but its admins (SECURITY AC-8)', async () => {
      for (const path of [`/api/lectures/${w.LU.id}`, `/api/lectures/lectureVideos/${w.LU.id}`]) {
        for (const user of [null, w.users.outsider, w.users.studentA, w.users.adminB]) {
          expect((await call(user, 'GET', path)).statusCode).toBe(404);
        }
        expect((await call(w.users.coAdminA, 'GET', path)).statusCode).toBe(200);
      }
      expect((await call(w.users.adminA, 'GET', `/api/lectures/${w.LU.id}`)).json().released).toBe(false);
    });

    it('400 for a malformed id and 404 for an unknown one', async () => {
      expect((await call(null, 'GET', '/api/lectures/12')).statusCode).toBe(400);
      expect((await call(null, 'GET', `/api/lectures/${randomUUID()}`)).statusCode).toBe(404);
      expect((await call(null, 'GET', '/api/lectures/lectureVideos/12')).statusCode).toBe(400);
      expect((await call(null, 'GET', `/api/lectures/lectureVideos/${randomUUID()}`)).statusCode).toBe(404);
    });

    const READY_WITHOUT_POSTER = { status: 'ready', progress: null, failureReason: null, posterSource: null };

    it('videoSource is a signed /media/<sha256>.mp4 URL that plays for a file, the watch URL for YouTube', async () => {
      const lecture = await seedLecture(t.db, w.B.id, t.clock.now());
      const sha = await seedMedia(t.db, t.media);
      const file = await seedVideo(t.db, lecture.id, { title: 'File', mediaSha256: sha });
      const tube = await seedVideo(t.db, lecture.id, { title: 'Tube' });
      const res = await call(w.users.studentB, 'GET', `/api/lectures/lectureVideos/${lecture.id}`);
      expect(res.json()).toEqual([
        {
          id: file.id,
          _id: file.id,
          title: 'File',
          sourceType: 'localFile',
          videoSource: expect.stringMatching(new RegExp(`^/media/${sha}\\.mp4\\?exp=\\d+&sig=[\\w-]+$`)),
          durationSeconds: 10,
          ...READY_WITHOUT_POSTER,
        },
        {
          id: tube.id,
          _id: tube.id,
          title: 'Tube',
          sourceType: 'youtubeLink',
          videoSource: tube.youtubeUrl,
          durationSeconds: 212,
          ...READY_WITHOUT_POSTER,
        },
      ]);
    });

    it('gives an admin a videoSource that plays a file of an unreleased lecture, which the bare path hides', async () => {
      const hidden = await seedLecture(t.db, w.A.id, t.clock.now(), {
        lectureDateAvailable: new Date(t.clock.now().getTime() + 24 * HOUR),
      });
      const sha = await seedMedia(t.db, t.media, 'answer-4s.mp4', 4);
      await seedVideo(t.db, hidden.id, { title: 'Hidden file', mediaSha256: sha });
      const [item] = (await call(w.users.adminA, 'GET', `/api/lectures/lectureVideos/${hidden.id}`)).json<
        LectureVideoItem[]
      >();
      expect((await call(null, 'GET', item!.videoSource)).statusCode).toBe(200);
      expect((await call(null, 'GET', `/media/${sha}.mp4`)).statusCode).toBe(404);
    });
  });

  describe('PUT /api/lectures/:id', () => {
    const body = () => ({
      title: 'Sampling, revised',
      topic: 'Nyquist',
      lectureDate: '2030-03-01T09:00:00.000Z',
      lectureDateAvailable: '2030-03-01T08:30:00.000Z',
      lectureDateStart: '2030-03-01T09:00:00.000Z',
      lectureDateEnd: '2030-03-01T10:15:00.000Z',
    });

    it('401, 400 (courseID, bad date, end before start), 404, 403 for student and admin of B; unchanged', async () => {
      const before = await courseSnapshot(t, w.A.id);
      const url = `/api/lectures/${w.LA.id}`;
      expect((await call(null, 'PUT', url, body())).statusCode).toBe(401);
      for (const bad of [
        { ...body(), courseID: w.B.id },
        { ...body(), lectureDate: 'tomorrow' },
        { ...body(), lectureDateEnd: '2030-03-01T08:00:00.000Z' },
        { ...body(), title: '' },
        { ...body(), title: 'x'.repeat(201) },
      ]) {
        expect((await call(w.users.adminA, 'PUT', url, bad)).statusCode).toBe(400);
      }
      expect((await call(w.users.adminA, 'PUT', `/api/lectures/${randomUUID()}`, body())).statusCode).toBe(
        404,
      );
      expect((await call(w.users.studentA, 'PUT', url, body())).statusCode).toBe(403);
      expect((await call(w.users.adminB, 'PUT', url, body())).statusCode).toBe(403);
      expect(await courseSnapshot(t, w.A.id)).toEqual(before);
    });

    it('200 for a co-admin; the new dates can unrelease the lecture', async () => {
      const lecture = await seedLecture(t.db, w.A.id, t.clock.now());
      const res = await call(w.users.coAdminA, 'PUT', `/api/lectures/${lecture.id}`, body());
      expect(res.statusCode).toBe(200);
      expect(res.json<LectureDto>()).toMatchObject({ ...body(), released: false, courseID: w.A.id });
      const [row] = await t.db.select().from(lectures).where(eq(lectures.id, lecture.id));
      expect(row!.lectureDateEnd.toISOString()).toBe('2030-03-01T10:15:00.000Z');
      expect((await call(w.users.studentA, 'GET', `/api/lectures/${lecture.id}`)).statusCode).toBe(404);
    });
  });

  describe('POST /api/upload/createLectureOnly', () => {
    const url = '/api/upload/createLectureOnly';
    const body = (courseID: string) => ({
      courseID,
      title: 'Week 2',
      topic: 'Filters',
      lectureDate: '2030-04-01T09:00:00.000Z',
      lectureDateStart: '2030-04-01T09:00:00.000Z',
      lectureDateEnd: '2030-04-01T10:15:00.000Z',
    });
    const countIn = async (courseId: string) =>
      (await t.db.select().from(lectures).where(eq(lectures.courseId, courseId))).length;

    it('401, 400 with the metadata message, 404 unknown course, 403 for student and admin of B', async () => {
      const before = await countIn(w.A.id);
      expect((await call(null, 'POST', url, body(w.A.id))).statusCode).toBe(401);
      const missing = await call(w.users.adminA, 'POST', url, { ...body(w.A.id), topic: '' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error).toBe('Please fill in all required metadata');
      const { lectureDate: _omitted, ...noDate } = body(w.A.id);
      expect((await call(w.users.adminA, 'POST', url, noDate)).json().error).toBe(
        'Please fill in all required metadata',
      );
      expect((await call(w.users.adminA, 'POST', url, body(randomUUID()))).statusCode).toBe(404);
      expect((await call(w.users.studentA, 'POST', url, body(w.A.id))).statusCode).toBe(403);
      expect((await call(w.users.adminB, 'POST', url, body(w.A.id))).statusCode).toBe(403);
      expect(await countIn(w.A.id)).toBe(before);
    });

    it('201 with id and _id; availability defaults to 30 minutes before the lecture', async () => {
      const res = await call(w.users.coAdminA, 'POST', url, body(w.A.id));
      expect(res.statusCode).toBe(201);
      const lecture = res.json<LectureDto>();
      expect(lecture._id).toBe(lecture.id);
      expect(lecture).toMatchObject({
        courseID: w.A.id,
        title: 'Week 2',
        lectureDateAvailable: '2030-04-01T08:30:00.000Z',
        lectureVideos: [],
        released: false,
      });
      const explicit = await call(w.users.adminA, 'POST', url, {
        ...body(w.A.id),
        lectureDateAvailable: '2030-03-30T00:00:00.000Z',
      });
      expect(explicit.json().lectureDateAvailable).toBe('2030-03-30T00:00:00.000Z');
    });
  });
});
