import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { worldFixture } from '../../../test/fixture';

// GET /api/join/{code}: a join link's pages name the course and its instructors (issue 21).
describe('GET /api/join/:code', () => {
  const { w, call } = worldFixture();

  it('names a course and its instructors, to a visitor too', async () => {
    const res = await call(null, 'GET', `/api/join/${w.A.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      courseName: 'Course A',
      instructors: expect.arrayContaining(['Ada Admin', 'Cora CoAdmin']),
      lectureTitle: null,
    });
    expect(res.json().instructors).toHaveLength(2);
  });

  it('names a released lecture with its course; an unreleased one only by its course', async () => {
    const released = await call(w.users.outsider, 'GET', `/api/join/${w.LB.id}`);
    expect(released.json()).toEqual({
      courseName: 'Course B',
      instructors: ['Bea AdminB'],
      lectureTitle: 'LB',
    });
    const unreleased = await call(null, 'GET', `/api/join/${w.LU.id}`);
    expect(unreleased.json()).toMatchObject({ courseName: 'Course A', lectureTitle: null });
  });

  it('404 for an unknown code, 400 for one that cannot be an id', async () => {
    const unknown = await call(null, 'GET', `/api/join/${randomUUID()}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('Course does not exist. Please check and try again.');
    expect((await call(null, 'GET', '/api/join/abc')).statusCode).toBe(400);
  });
});
