import { expect } from 'vitest';
import type { DuplicateLectureAnswer } from '@lectern/shared';
import { call, expectStatus } from './calls';
import { type TestUser, createUser } from './factories';
import { seedCourse, seedCourseAdmin } from './seed';
import type { TestApp } from './test-app';
import type { World } from './world';

/**
 * Course T, which adminA made and Tina (adminT) runs with them, holding a concurrent copy of lecture LA
 * (the same videos, and so the same questions) with these of LA's questions.
 */
export async function concurrentCopyOfLA(
  t: TestApp,
  w: World,
  questions: string[] = [],
): Promise<{ T: { id: string }; adminT: TestUser; LT: string }> {
  const adminT = await createUser(t.app, { name: 'Tina AdminT' });
  const T = await seedCourse(t.db, w.users.adminA.id, { name: 'Course T' });
  await seedCourseAdmin(t.db, T.id, adminT.id);
  const copy = await call(t, 'POST', '/api/lectures/duplicate', {
    as: w.users.adminA,
    payload: {
      courseID: T.id,
      lectureID: w.LA.id,
      lectureDate: '2020-01-10T09:00:00.000Z',
      lectureDateAvailable: '2020-01-10T08:30:00.000Z',
      lectureDateStart: '2020-01-10T09:00:00.000Z',
      lectureDateEnd: '2020-01-10T10:15:00.000Z',
      questions,
      mode: 'concurrent',
    },
  });
  expectStatus(copy, 201);
  const LT = copy.json<DuplicateLectureAnswer>().id;
  expect(LT).toBeTruthy();
  return { T, adminT, LT };
}
