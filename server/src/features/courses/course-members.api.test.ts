import { COURSE_MEMBERS_SHOWN } from '@lectern/shared';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { seedCourse, seedCourseMember } from '../../../test/seed';
import { worldFixture } from '../../../test/fixture';

// GET /api/courses/{id}/members: the students "Add an admin" offers to pick from (issue 21).
describe('GET /api/courses/:id/members', () => {
  const { t, w, call } = worldFixture();

  it('refuses a visitor, a stranger, a student of the course and another course’s admin', async () => {
    const url = `/api/courses/${w.A.id}/members`;
    expect((await call(null, 'GET', url)).statusCode).toBe(401);
    for (const someone of [w.users.outsider, w.users.studentA, w.users.adminB]) {
      const res = await call(someone, 'GET', url);
      expect(res.statusCode).toBe(403);
      expect(JSON.stringify(res.json())).not.toContain('Sam Student');
    }
  });

  it('gives every admin of the course its students by name, without their addresses', async () => {
    for (const admin of [w.users.adminA, w.users.coAdminA]) {
      const res = await call(admin, 'GET', `/api/courses/${w.A.id}/members`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        members: [{ id: w.users.studentA.id, name: 'Sam Student' }],
        more: false,
      });
    }
  });

  it('shows the first members by name, says there are more, and narrows by a name search', async () => {
    const admin = await createUser(t.app, { name: 'Big Course Owner' });
    const course = await seedCourse(t.db, admin.id, { name: 'Big course' });
    const count = COURSE_MEMBERS_SHOWN + 2;
    for (let i = 0; i < count; i++) {
      const student = await createUser(t.app, { name: `Student ${String(i).padStart(2, '0')}` });
      await seedCourseMember(t.db, course.id, student.id);
    }
    const first = (await call(admin, 'GET', `/api/courses/${course.id}/members`)).json();
    expect(first.members).toHaveLength(COURSE_MEMBERS_SHOWN);
    expect(first.members[0].name).toBe('Student 00');
    expect(first.more).toBe(true);
    const found = (await call(admin, 'GET', `/api/courses/${course.id}/members?q=student%2021`)).json();
    expect(found).toEqual({ members: [{ id: expect.any(String), name: 'Student 21' }], more: false });
  });
});
