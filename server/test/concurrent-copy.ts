import { expect } from 'vitest';
import type { DuplicateLectureAnswer } from '@lectern/shared';
import { call, expectStatus } from './calls';
import { type TestUser, createUser } from './factories';
import { seedCourse, seedCourseAdmin } from './seed';
import type { TestApp } from './test-app';
import type { World } from './world';

/** POST /api/lectures/duplicate: `lectureId` into `courseId` on 10 January 2020, with these of its questions. */
export const duplicateLecture = (
  t: TestApp,
  as: TestUser,
  { courseId, lectureId }: { courseId: string; lectureId: string },
  mode: 'duplicate' | 'concurrent',
  questions: string[] = [],
) =>
  call(t, 'POST', '/api/lectures/duplicate', {
    as,
    payload: {
      courseID: courseId,
      lectureID: lectureId,
      lectureDate: '2020-01-10T09:00:00.000Z',
      lectureDateAvailable: '2020-01-10T08:30:00.000Z',
      lectureDateStart: '2020-01-10T09:00:00.000Z',
      lectureDateEnd: '2020-01-10T10:15:00.000Z',
      questions,
      mode,
    },
  });

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
  const copy = await duplicateLecture(
    t,
    w.users.adminA,
    { courseId: T.id, lectureId: w.LA.id },
    'concurrent',
    questions,
  );
  expectStatus(copy, 201);
  const LT = copy.json<DuplicateLectureAnswer>().id;
  expect(LT).toBeTruthy();
  return { T, adminT, LT };
}
