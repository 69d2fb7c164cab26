import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../../../../test/test-app';
import { type TestUser, createUser } from '../../../../test/factories';
import {
  seedCourse,
  seedCourseAdmin,
  seedCourseMember,
  seedLecture,
  seedMedia,
  seedQuestion,
  seedResponse,
  seedVideo,
} from '../../../../test/seed';

// The fixture world of SECURITY §2.3, for the questions feature's API tests.

const DAY = 24 * 3_600_000;

export type World = Awaited<ReturnType<typeof buildWorld>>;

export async function buildWorld(t: TestApp) {
  const now = t.clock.now();
  const [adminA, coAdminA, studentA, studentA2, adminB, studentB, outsider] = (await Promise.all(
    [
      'Ada Admin',
      'Cole CoAdmin',
      'Sam Student',
      'Tess Student',
      'Bea AdminB',
      'Ben StudentB',
      'Otto Outsider',
    ].map((name) => createUser(t.app, { name })),
  )) as [TestUser, TestUser, TestUser, TestUser, TestUser, TestUser, TestUser];

  const courseA = await seedCourse(t.db, adminA.id, { name: 'Course A' });
  await seedCourseAdmin(t.db, courseA.id, coAdminA.id);
  await seedCourseMember(t.db, courseA.id, studentA.id);
  await seedCourseMember(t.db, courseA.id, studentA2.id);
  const LA = await seedLecture(t.db, courseA.id, now, { title: 'Lecture A' });
  const VA1 = await seedVideo(t.db, LA.id, { title: 'Part 1' });
  const VA2 = await seedVideo(t.db, LA.id, { title: 'Part 2' });
  const LU = await seedLecture(t.db, courseA.id, now, {
    title: 'Unreleased',
    lectureDateAvailable: new Date(now.getTime() + DAY),
  });
  const VU = await seedVideo(t.db, LU.id, { title: 'Later' });

  const courseB = await seedCourse(t.db, adminB.id, { name: 'Course B' });
  await seedCourseMember(t.db, courseB.id, studentB.id);
  const LB = await seedLecture(t.db, courseB.id, now, { title: 'Lecture B' });
  const VB = await seedVideo(t.db, LB.id);

  const media = await seedMedia(t.db, t.media, 'answer-4s.mp4', 4);
  const qAnswered = await seedQuestion(t.db, VA1.id, studentA.id, {
    lectureId: LA.id,
    question: 'What is the Nyquist rate exactly?',
    timeAsked: 30,
  });
  const RA = await seedResponse(t.db, qAnswered.id, media, adminA.id, now);
  const qOpen = await seedQuestion(t.db, VA1.id, studentA.id, {
    lectureId: LA.id,
    question: 'Secret unanswered question of Sam',
    timeAsked: 40,
  });
  const qOpenVA2 = await seedQuestion(t.db, VA2.id, studentA.id, { lectureId: LA.id, timeAsked: 3 });
  const qUnreleased = await seedQuestion(t.db, VU.id, studentA.id, { lectureId: LU.id });
  const qB = await seedQuestion(t.db, VB.id, studentB.id, { lectureId: LB.id });

  return {
    users: { adminA, coAdminA, studentA, studentA2, adminB, studentB, outsider },
    courseA,
    courseB,
    LA,
    LU,
    LB,
    VA1,
    VA2,
    VU,
    VB,
    media,
    qAnswered,
    RA,
    qOpen,
    qOpenVA2,
    qUnreleased,
    qB,
  };
}

export interface CallOptions {
  as?: TestUser | null;
  payload?: unknown;
  headers?: Record<string, string>;
}

/** One API call as a user (or anonymous). */
export function call(
  t: TestApp,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: CallOptions = {},
) {
  return t.app.inject({
    method,
    url,
    headers: { ...(options.as ? options.as.auth : {}), ...options.headers },
    ...(options.payload === undefined ? {} : { payload: options.payload as object }),
  });
}

export function expectStatus(res: LightMyRequestResponse, status: number): void {
  expect(res.statusCode, res.body).toBe(status);
}
