import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { courseMembers, lectureMembers } from '../../db/schema';
import { createUser } from '../../../test/factories';
import { seedLecture } from '../../../test/seed';
import { worldFixture } from '../../../test/fixture';

describe('joining courses and lectures', () => {
  const { t, w, call } = worldFixture();

  const isMember = async (courseId: string, userId: string) =>
    (
      await t.db
        .select()
        .from(courseMembers)
        .where(and(eq(courseMembers.courseId, courseId), eq(courseMembers.userId, userId)))
    ).length === 1;
  const isLectureMember = async (lectureId: string, userId: string) =>
    (
      await t.db
        .select()
        .from(lectureMembers)
        .where(and(eq(lectureMembers.lectureId, lectureId), eq(lectureMembers.userId, userId)))
    ).length === 1;

  describe('POST /api/courses/join', () => {
    const url = '/api/courses/join';

    it('401 without a token; 400 "Paste a Course or Lecture ID" for a blank id', async () => {
      expect((await call(null, 'POST', url, { courseId: w.A.id })).statusCode).toBe(401);
      const res = await call(w.users.outsider, 'POST', url, { courseId: '   ' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('Paste a Course or Lecture ID');
    });

    it('404 with the spec message for an unknown or malformed id', async () => {
      for (const courseId of [randomUUID(), 'abc']) {
        const res = await call(w.users.outsider, 'POST', url, { courseId });
        expect(res.statusCode).toBe(404);
        expect(res.json().error).toBe('Course does not exist. Please check and try again.');
      }
    });

    it('403 when userId names someone else, and nobody joins', async () => {
      const user = await createUser(t.app);
      const res = await call(w.users.outsider, 'POST', url, { courseId: w.B.id, userId: user.id });
      expect(res.statusCode).toBe(403);
      expect(await isMember(w.B.id, user.id)).toBe(false);
      expect(await isMember(w.B.id, w.users.outsider.id)).toBe(false);
    });

    it('400 for the creator and co-admins', async () => {
      for (const admin of [w.users.adminA, w.users.coAdminA]) {
        const res = await call(admin, 'POST', url, { courseId: w.A.id, userId: admin.id });
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toBe("You can't join a course you created.");
        expect(await isMember(w.A.id, admin.id)).toBe(false);
      }
    });

    it('joins (trimmed id), then 409 "Already enrolled in that course" with the course to go to', async () => {
      const user = await createUser(t.app);
      const res = await call(user, 'POST', url, { courseId: ` ${w.A.id} `, userId: user.id });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Course joined!', id: w.A.id, courseId: w.A.id });
      expect(await isMember(w.A.id, user.id)).toBe(true);
      const again = await call(user, 'POST', url, { courseId: w.A.id });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ error: 'Already enrolled in that course', courseId: w.A.id });
    });
  });

  describe('POST /api/lectures/join', () => {
    const url = '/api/lectures/join';

    it('401, 400 blank, 404 unknown with the spec message, 403 foreign userId', async () => {
      expect((await call(null, 'POST', url, { lectureId: w.LA.id })).statusCode).toBe(401);
      expect((await call(w.users.outsider, 'POST', url, { lectureId: '' })).json().error).toBe(
        'Paste a Course or Lecture ID',
      );
      const res = await call(w.users.outsider, 'POST', url, { lectureId: randomUUID() });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('Lecture does not exist. Please check and try again.');
      const forged = await call(w.users.outsider, 'POST', url, {
        lectureId: w.LA.id,
        userId: w.users.studentB.id,
      });
      expect(forged.statusCode).toBe(403);
      expect(await isLectureMember(w.LA.id, w.users.studentB.id)).toBe(false);
    });

    it('400 for an admin of the lecture course', async () => {
      const res = await call(w.users.coAdminA, 'POST', url, { lectureId: w.LA.id });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe("You can't join a course you created.");
    });

    it('joins with the first video to go to; again, or as a course student, is 409 with the video', async () => {
      const user = await createUser(t.app);
      const res = await call(user, 'POST', url, { lectureId: w.LA.id, userId: user.id });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        message: 'Lecture joined!',
        id: w.LA.id,
        lectureId: w.LA.id,
        courseId: '', // a lecture link opens that lecture only (issue 12, item 3)
        firstVideoId: w.VA1.id,
      });
      expect(await isLectureMember(w.LA.id, user.id)).toBe(true);
      for (const who of [user, w.users.studentA]) {
        const again = await call(who, 'POST', url, { lectureId: w.LA.id });
        expect(again.statusCode).toBe(409);
        expect(again.json()).toMatchObject({
          error: 'Already joined that lecture',
          lectureId: w.LA.id,
          firstVideoId: w.VA1.id,
        });
      }
    });

    it('a lecture without videos, or not yet released, gives firstVideoId null', async () => {
      const empty = await seedLecture(t.db, w.B.id, t.clock.now());
      const user = await createUser(t.app);
      expect((await call(user, 'POST', url, { lectureId: empty.id })).json().firstVideoId).toBeNull();
      expect((await call(user, 'POST', url, { lectureId: w.LU.id })).json().firstVideoId).toBeNull();
    });
  });

  describe('failed-join brake (SECURITY AC-11)', () => {
    it('10 unknown ids in 10 minutes give 429 to that user only, on both joins, until the window ends', async () => {
      const guesser = await createUser(t.app);
      const bystander = await createUser(t.app);
      for (let i = 0; i < 10; i++) {
        const path = i % 2 ? '/api/courses/join' : '/api/lectures/join';
        const body = i % 2 ? { courseId: randomUUID() } : { lectureId: randomUUID() };
        expect((await call(guesser, 'POST', path, body)).statusCode).toBe(404);
      }
      expect((await call(guesser, 'POST', '/api/courses/join', { courseId: w.B.id })).statusCode).toBe(429);
      expect((await call(guesser, 'POST', '/api/lectures/join', { lectureId: w.LB.id })).statusCode).toBe(
        429,
      );
      expect(await isMember(w.B.id, guesser.id)).toBe(false);
      expect((await call(bystander, 'POST', '/api/courses/join', { courseId: w.B.id })).statusCode).toBe(200);
      t.clock.advance(10 * 60_000);
      expect((await call(guesser, 'POST', '/api/courses/join', { courseId: w.B.id })).statusCode).toBe(200);
    });

    it('successful and already-joined attempts do not count as failures', async () => {
      const user = await createUser(t.app);
      await call(user, 'POST', '/api/courses/join', { courseId: w.A.id });
      for (let i = 0; i < 12; i++) {
        expect((await call(user, 'POST', '/api/courses/join', { courseId: w.A.id })).statusCode).toBe(409);
      }
    });
  });
});
