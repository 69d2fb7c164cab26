import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { lectureVideos, lectures, questionVotes, questions, videos } from '../../db/schema';
import {
  seedCourse,
  seedCourseAdmin,
  seedMedia,
  seedQuestion,
  seedResponse,
  seedVideo,
} from '../../../test/seed';
import { call as callWith } from '../../../test/calls';
import { worldFixture } from '../../../test/fixture';
import { courseSnapshot } from '../../../test/course-snapshot';

describe('POST /api/lectures/duplicate', () => {
  const { t, w, call } = worldFixture();
  /** Course T, also administered by adminA: the target of the duplicates. */
  let T: { id: string };
  let media: string;
  beforeAll(async () => {
    T = await seedCourse(t.db, w.users.adminA.id, { name: 'Course T' });
    media = await seedMedia(t.db, t.media);
  });

  const url = '/api/lectures/duplicate';
  const payload = (over: object = {}) => ({
    courseID: T.id,
    lectureID: w.LA.id,
    lectureDate: '2031-01-10T09:00:00.000Z',
    lectureDateAvailable: '2031-01-10T08:30:00.000Z',
    lectureDateStart: '2031-01-10T09:00:00.000Z',
    lectureDateEnd: '2031-01-10T10:15:00.000Z',
    questions: [],
    mode: 'duplicate',
    ...over,
  });
  const lecturesIn = async (courseId: string) =>
    t.db.select().from(lectures).where(eq(lectures.courseId, courseId));
  const playlistOf = async (lectureId: string) =>
    (
      await t.db
        .select()
        .from(lectureVideos)
        .where(eq(lectureVideos.lectureId, lectureId))
        .orderBy(lectureVideos.position)
    ).map((p) => p.videoId);

  it('401, 400 (mode, dates, extra field), 404 unknown lecture or course; nothing created', async () => {
    expect((await call(null, 'POST', url, payload())).statusCode).toBe(401);
    for (const bad of [
      payload({ mode: 'copy' }),
      payload({ lectureDate: 'soon' }),
      payload({ lectureDateEnd: '2031-01-10T08:00:00.000Z' }),
      payload({ title: 'x' }),
      payload({ questions: ['x'] }),
    ]) {
      expect((await call(w.users.adminA, 'POST', url, bad)).statusCode).toBe(400);
    }
    expect((await call(w.users.adminA, 'POST', url, payload({ lectureID: randomUUID() }))).statusCode).toBe(
      404,
    );
    expect((await call(w.users.adminA, 'POST', url, payload({ courseID: randomUUID() }))).statusCode).toBe(
      404,
    );
    expect(await lecturesIn(T.id)).toEqual([]);
  });

  it('403 unless the caller administers both courses (SECURITY AC-6); nothing created', async () => {
    const beforeA = await courseSnapshot(t, w.A.id);
    const beforeB = await courseSnapshot(t, w.B.id);
    // A student of A; the admin of B copying A's lecture into B; adminA copying into B; adminA copying B's lecture.
    expect((await call(w.users.studentA, 'POST', url, payload())).statusCode).toBe(403);
    expect((await call(w.users.adminB, 'POST', url, payload({ courseID: w.B.id }))).statusCode).toBe(403);
    expect((await call(w.users.adminA, 'POST', url, payload({ courseID: w.B.id }))).statusCode).toBe(403);
    expect((await call(w.users.adminA, 'POST', url, payload({ lectureID: w.LB.id }))).statusCode).toBe(403);
    expect(await courseSnapshot(t, w.A.id)).toEqual(beforeA);
    expect(await courseSnapshot(t, w.B.id)).toEqual(beforeB);
    expect(await lecturesIn(T.id)).toEqual([]);
  });

  it('400 into the same course, and for a question of another lecture', async () => {
    expect((await call(w.users.adminA, 'POST', url, payload({ courseID: w.A.id }))).statusCode).toBe(400);
    const foreign = await seedQuestion(t.db, w.VB.id, w.users.studentB.id);
    const res = await call(w.users.adminA, 'POST', url, payload({ questions: [foreign.id] }));
    expect(res.statusCode).toBe(400);
    expect(await lecturesIn(T.id)).toEqual([]);
  });

  it("'duplicate' makes new videos on the same media and independent copies of the chosen questions", async () => {
    const fileVideo = await seedVideo(t.db, w.LA.id, { title: 'VA3', mediaSha256: media });
    const answered = await seedQuestion(t.db, w.VA1.id, w.users.studentA.id, { timeAsked: 12 });
    const answer = await seedResponse(t.db, answered.id, media, w.users.adminA.id);
    await t.db
      .insert(questionVotes)
      .values({ questionId: answered.id, userId: w.users.studentA.id, vote: 'UP' });
    const notChosen = await seedQuestion(t.db, w.VA2.id, w.users.studentA.id);

    const res = await call(w.users.coAdminA, 'POST', url, payload({ questions: [answered.id] }));
    expect(res.statusCode).toBe(403); // the co-admin of A does not administer T
    const ok = await call(w.users.adminA, 'POST', url, payload({ questions: [answered.id] }));
    expect(ok.statusCode).toBe(201);
    const { id, _id } = ok.json<{ id: string; _id: string }>();
    expect(_id).toBe(id);

    const [created] = await t.db.select().from(lectures).where(eq(lectures.id, id));
    expect(created).toMatchObject({ courseId: T.id, title: 'LA', topic: w.LA.topic });
    expect(created!.lectureDateAvailable.toISOString()).toBe('2031-01-10T08:30:00.000Z');

    const copies = await playlistOf(id);
    const source = [w.VA1.id, w.VA2.id, fileVideo.id];
    expect(copies).toHaveLength(3);
    expect(copies.some((v) => source.includes(v))).toBe(false);
    const copyRows = await t.db.select().from(videos).where(inArray(videos.id, copies));
    const byId = new Map(copyRows.map((v) => [v.id, v]));
    expect(copies.map((v) => byId.get(v)!.title)).toEqual(['VA1', 'VA2', 'VA3']);
    expect(byId.get(copies[2]!)!.mediaSha256).toBe(media);
    expect(byId.get(copies[0]!)!.youtubeUrl).toBe(w.VA1.youtubeUrl);

    const copied = await t.db.select().from(questions).where(inArray(questions.videoId, copies));
    expect(copied).toHaveLength(1);
    expect(copied[0]).toMatchObject({
      videoId: copies[0],
      lectureId: id,
      question: answered.question,
      timeAsked: 12,
      responseId: answer.id,
      askerId: w.users.studentA.id,
    });
    expect(copied.some((q) => q.question === notChosen.question && q.id === notChosen.id)).toBe(false);
    expect(
      await t.db.select().from(questionVotes).where(eq(questionVotes.questionId, copied[0]!.id)),
    ).toEqual([]);

    // Independent: deleting the copy leaves the source's videos, questions and shared answer alone.
    expect((await call(w.users.adminA, 'DELETE', `/api/lectures/${id}`)).statusCode).toBe(200);
    expect(await t.db.select().from(questions).where(eq(questions.id, answered.id))).toEqual([
      expect.objectContaining({ responseId: answer.id }),
    ]);
    expect(await playlistOf(w.LA.id)).toEqual(source);
  });

  it("'concurrent' shares the same video rows, so questions are shared; the questions list is ignored", async () => {
    const res = await call(
      w.users.adminA,
      'POST',
      url,
      payload({ mode: 'concurrent', questions: [randomUUID()] }),
    );
    expect(res.statusCode).toBe(201);
    const { id } = res.json<{ id: string }>();
    const source = await playlistOf(w.LA.id);
    expect(await playlistOf(id)).toEqual(source);
    const before = await t.db.select().from(questions).where(inArray(questions.videoId, source));

    // A question asked in the new lecture is a question of the shared video, seen from both.
    const asked = await seedQuestion(t.db, w.VA1.id, w.users.studentA.id, { lectureId: id });
    const after = await t.db.select().from(questions).where(inArray(questions.videoId, source));
    expect(after).toHaveLength(before.length + 1);
    expect(after.map((q) => q.id)).toContain(asked.id);

    // Playlist edits are local: removing a video from the concurrent lecture keeps it in the source.
    const removed = await call(w.users.adminA, 'POST', `/api/lectures/${id}/removeVideo`, {
      videoId: w.VA2.id,
    });
    expect(removed.statusCode).toBe(200);
    expect(await playlistOf(w.LA.id)).toEqual(source);
    expect(await t.db.select().from(videos).where(eq(videos.id, w.VA2.id))).toHaveLength(1);

    // Deleting the concurrent lecture keeps every shared video and question.
    expect((await call(w.users.adminA, 'DELETE', `/api/lectures/${id}`)).statusCode).toBe(200);
    expect(await t.db.select().from(questions).where(inArray(questions.videoId, source))).toHaveLength(
      after.length,
    );
  });

  it('a co-admin of both courses may duplicate', async () => {
    await seedCourseAdmin(t.db, T.id, w.users.coAdminA.id);
    const res = await call(w.users.coAdminA, 'POST', url, payload({ mode: 'concurrent' }));
    expect(res.statusCode).toBe(201);
  });

  describe('with an Idempotency-Key (SECURITY FI-6: a retry after a lost answer)', () => {
    const send = (key: string, as = w.users.adminA) =>
      callWith(t, 'POST', url, {
        as,
        payload: payload({ mode: 'concurrent' }),
        headers: { 'idempotency-key': key },
      });

    it('makes one copy however often it is sent, and another for a new key', async () => {
      const before = (await lecturesIn(T.id)).length;
      const key = randomUUID();
      const answers = await Promise.all([send(key), send(key)]);
      const again = await send(key);
      expect([...answers, again].map((a) => a.statusCode)).toEqual([201, 201, 201]);
      const ids = new Set([...answers, again].map((a) => a.json<{ id: string }>().id));
      expect(ids.size).toBe(1);
      expect((await lecturesIn(T.id)).map((l) => l.id)).toContain([...ids][0]);
      expect((await lecturesIn(T.id)).length).toBe(before + 1);

      const other = await send(randomUUID());
      expect(other.statusCode).toBe(201);
      expect(ids.has(other.json<{ id: string }>().id)).toBe(false);
      expect((await lecturesIn(T.id)).length).toBe(before + 2);
    });

    it("never replays another user's answer for the same key", async () => {
      // coAdminA administers T already when the co-admin test above ran first.
      await seedCourseAdmin(t.db, T.id, w.users.coAdminA.id).catch(() => undefined);
      const key = randomUUID();
      const first = await send(key);
      const second = await send(key, w.users.coAdminA);
      expect(second.statusCode).toBe(201);
      expect(second.json<{ id: string }>().id).not.toBe(first.json<{ id: string }>().id);
    });

    it('400 for a malformed key, with nothing created', async () => {
      const before = (await lecturesIn(T.id)).length;
      for (const bad of ['has space', 'x'.repeat(256), 'é']) {
        const res = await send(bad);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({
          error: 'Idempotency-Key must be 1 to 255 visible ASCII characters',
        });
      }
      expect((await lecturesIn(T.id)).length).toBe(before);
    });
  });
});
