import { randomUUID } from 'node:crypto';
import type { CourseDto, UserCoursesAnswer } from '@lectern/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { courseAdmins, courseMembers, courses, lectureMembers } from '../../db/schema';
import { createUser } from '../../../test/factories';
import { seedCourse, seedLectureMember } from '../../../test/seed';
import { worldFixture } from '../../../test/fixture';
import { courseSnapshot } from '../../../test/course-snapshot';

describe('courses API', () => {
  const { t, w, call } = worldFixture();

  describe('GET /api/courses/user-courses/:userId', () => {
    const url = (id: string) => `/api/courses/user-courses/${id}`;

    it('401 without a token, 400 for a malformed id, 403 for another user', async () => {
      expect((await call(null, 'GET', url(w.users.studentA.id))).statusCode).toBe(401);
      expect((await call(w.users.studentA, 'GET', url('nope'))).statusCode).toBe(400);
      expect((await call(w.users.studentA, 'GET', url(w.users.adminA.id))).statusCode).toBe(403);
    });

    it('lists joined courses for a student and administered courses for admins and co-admins', async () => {
      const student = (
        await call(w.users.studentA, 'GET', url(w.users.studentA.id))
      ).json<UserCoursesAnswer>();
      expect(student.joinedCourses.map((c) => c.name)).toEqual(['Course A']);
      expect(student.createdCourses).toEqual([]);
      expect(student.joinedCourses[0]).toEqual({
        id: w.A.id,
        _id: w.A.id,
        name: 'Course A',
        description: 'About A',
      });
      for (const admin of [w.users.adminA, w.users.coAdminA]) {
        const answer = (await call(admin, 'GET', url(admin.id))).json<UserCoursesAnswer>();
        expect(answer.createdCourses.map((c) => c.id)).toEqual([w.A.id]);
        expect(answer.joinedCourses).toEqual([]);
      }
    });

    it('lists single joined lectures once released, each with its first video', async () => {
      const user = await createUser(t.app);
      await seedLectureMember(t.db, w.LA.id, user.id);
      await seedLectureMember(t.db, w.LU.id, user.id);
      const answer = (await call(user, 'GET', url(user.id))).json<UserCoursesAnswer>();
      expect(answer.joinedLectures).toEqual([
        expect.objectContaining({
          id: w.LA.id,
          _id: w.LA.id,
          firstVideoId: w.VA1.id,
          courseName: 'Course A',
        }),
      ]);
    });
  });

  describe('POST /api/courses', () => {
    it('401 without a token, 400 with the spec message for empty fields', async () => {
      expect((await call(null, 'POST', '/api/courses', { name: 'x', description: 'y' })).statusCode).toBe(
        401,
      );
      const res = await call(w.users.outsider, 'POST', '/api/courses', { name: '  ', description: 'y' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('Please fill in all fields');
      expect((await call(w.users.outsider, 'POST', '/api/courses', { name: 'x' })).json().error).toBe(
        'Please fill in all fields',
      );
    });

    it('403 when adminId names someone else, and nothing is created', async () => {
      const name = `Forged ${randomUUID()}`;
      const res = await call(w.users.outsider, 'POST', '/api/courses', {
        name,
        description: 'd',
        adminId: w.users.adminA.id,
      });
      expect(res.statusCode).toBe(403);
      expect(await t.db.select().from(courses).where(eq(courses.name, name))).toEqual([]);
    });

    it('201 with the caller as the only administrator', async () => {
      const user = await createUser(t.app, { name: 'New Teacher' });
      const res = await call(user, 'POST', '/api/courses', {
        name: ' Optics ',
        description: 'Light',
        adminId: user.id,
      });
      expect(res.statusCode).toBe(201);
      const course = res.json<CourseDto>();
      expect(course).toMatchObject({ name: 'Optics', description: 'Light', lectures: 0, isAdmin: true });
      expect(course._id).toBe(course.id);
      expect(course.admins).toEqual([{ id: user.id, _id: user.id, name: 'New Teacher' }]);
      const admins = await t.db.select().from(courseAdmins).where(eq(courseAdmins.courseId, course.id));
      expect(admins.map((a) => a.userId)).toEqual([user.id]);
    });
  });

  describe('GET /api/courses/:id', () => {
    const url = (id: string) => `/api/courses/${id}`;

    it('401, 400, 404, then 403 for outsiders and the admin of another course', async () => {
      expect((await call(null, 'GET', url(w.A.id))).statusCode).toBe(401);
      expect((await call(w.users.adminA, 'GET', url('123'))).statusCode).toBe(400);
      expect((await call(w.users.adminA, 'GET', url(randomUUID()))).statusCode).toBe(404);
      for (const user of [w.users.outsider, w.users.adminB, w.users.studentB]) {
        expect((await call(user, 'GET', url(w.A.id))).statusCode).toBe(403);
      }
    });

    it('200 for students (released lectures counted) and admins (all lectures), names but no emails', async () => {
      const student = (await call(w.users.studentA, 'GET', url(w.A.id))).json<CourseDto>();
      expect(student).toMatchObject({ id: w.A.id, name: 'Course A', lectures: 1, isAdmin: false });
      const admin = (await call(w.users.coAdminA, 'GET', url(w.A.id))).json<CourseDto>();
      expect(admin).toMatchObject({ lectures: 2, isAdmin: true });
      expect(admin.admins.map((a) => a.name)).toEqual(['Ada Admin', 'Cora CoAdmin']);
      expect(JSON.stringify(admin)).not.toContain('@');
    });
  });

  describe('PUT /api/courses/:id', () => {
    const url = (id: string) => `/api/courses/${id}`;
    const body = { name: 'Renamed', description: 'New words' };

    it('401, 400 (empty or extra field), 404, 403 for student and admin of B with nothing changed', async () => {
      const before = await courseSnapshot(t, w.A.id);
      expect((await call(null, 'PUT', url(w.A.id), body)).statusCode).toBe(401);
      expect((await call(w.users.adminA, 'PUT', url(w.A.id), { ...body, name: '' })).json().error).toBe(
        'Please fill in all fields',
      );
      expect((await call(w.users.adminA, 'PUT', url(w.A.id), { ...body, admins: [] })).statusCode).toBe(400);
      expect((await call(w.users.adminA, 'PUT', url(randomUUID()), body)).statusCode).toBe(404);
      expect((await call(w.users.studentA, 'PUT', url(w.A.id), body)).statusCode).toBe(403);
      expect((await call(w.users.adminB, 'PUT', url(w.A.id), body)).statusCode).toBe(403);
      expect(await courseSnapshot(t, w.A.id)).toEqual(before);
    });

    it('200 for a co-admin', async () => {
      const course = await seedCourse(t.db, w.users.coAdminA.id);
      const res = await call(w.users.coAdminA, 'PUT', url(course.id), body);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject(body);
      const [row] = await t.db.select().from(courses).where(eq(courses.id, course.id));
      expect(row).toMatchObject(body);
    });
  });

  describe('POST /api/courses/add-admin', () => {
    const url = '/api/courses/add-admin';

    it('401, 400 "Missing information", 404 unknown course, 403 for student and admin of B', async () => {
      const before = await courseSnapshot(t, w.A.id);
      const body = { courseId: w.A.id, adminId: w.users.outsider.id, adminEmail: '' };
      expect((await call(null, 'POST', url, body)).statusCode).toBe(401);
      for (const bad of [
        { courseId: '', adminId: w.users.outsider.id },
        { courseId: w.A.id, adminId: '', adminEmail: '' },
        { courseId: w.A.id },
      ]) {
        const res = await call(w.users.adminA, 'POST', url, bad);
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toBe('Missing information');
      }
      expect((await call(w.users.adminA, 'POST', url, { ...body, courseId: randomUUID() })).statusCode).toBe(
        404,
      );
      expect((await call(w.users.studentA, 'POST', url, body)).statusCode).toBe(403);
      expect((await call(w.users.adminB, 'POST', url, body)).statusCode).toBe(403);
      expect(await courseSnapshot(t, w.A.id)).toEqual(before);
    });

    /** The invitee accepts their one pending invitation (add-admin invites since issue 12). */
    async function acceptInvitation(user: Parameters<typeof call>[0]) {
      const [invitation] = (await call(user, 'GET', '/api/invitations')).json<{ id: string }[]>();
      expect((await call(user, 'POST', `/api/invitations/${invitation!.id}/accept`)).statusCode).toBe(200);
    }

    it('answers an unknown id or email exactly like a known account (issue 12)', async () => {
      const known = await call(w.users.adminA, 'POST', url, {
        courseId: w.A.id,
        adminId: w.users.outsider.id,
      });
      for (const body of [
        { courseId: w.A.id, adminId: randomUUID() },
        { courseId: w.A.id, adminId: 'not-an-id' },
        { courseId: w.A.id, adminEmail: 'nobody@test.lectern' },
      ]) {
        const res = await call(w.users.adminA, 'POST', url, body);
        expect(res.statusCode).toBe(200);
        expect(res.body).toBe(known.body);
      }
    });

    it('invites a student by email: once they accept they are admin and no longer a student', async () => {
      const course = await seedCourse(t.db, w.users.adminA.id);
      const student = await createUser(t.app);
      await call(student, 'POST', '/api/courses/join', { courseId: course.id });
      const res = await call(w.users.adminA, 'POST', url, {
        courseId: course.id,
        adminId: '',
        adminEmail: student.email.toUpperCase(),
      });
      expect(res.statusCode).toBe(200);
      const adminsNow = async () =>
        (await t.db.select().from(courseAdmins).where(eq(courseAdmins.courseId, course.id))).map(
          (a) => a.userId,
        );
      expect(await adminsNow()).toEqual([w.users.adminA.id]); // not before consenting
      await acceptInvitation(student);
      expect((await adminsNow()).sort()).toEqual([w.users.adminA.id, student.id].sort());
      expect(await t.db.select().from(courseMembers).where(eq(courseMembers.courseId, course.id))).toEqual(
        [],
      );
      // Inviting an admin again answers the same and invites nobody.
      const again = await call(w.users.adminA, 'POST', url, { courseId: course.id, adminId: student.id });
      expect(again.body).toBe(res.body);
      expect((await call(student, 'GET', '/api/invitations')).json()).toEqual([]);
      // The new admin's rights are immediate.
      expect(
        (await call(student, 'PUT', `/api/courses/${course.id}`, { name: 'n', description: 'd' })).statusCode,
      ).toBe(200);
    });

    it('drops single-lecture memberships of that course too', async () => {
      const user = await createUser(t.app);
      await seedLectureMember(t.db, w.LB.id, user.id);
      const res = await call(w.users.adminB, 'POST', url, { courseId: w.B.id, adminId: user.id });
      expect(res.statusCode).toBe(200);
      await acceptInvitation(user);
      expect(await t.db.select().from(lectureMembers).where(eq(lectureMembers.userId, user.id))).toEqual([]);
    });
  });
});
