import { type TestUser, createUser } from './factories';
import { seedCourse, seedCourseAdmin, seedCourseMember, seedLecture, seedVideo } from './seed';
import type { TestApp } from './test-app';

// The fixture world of SECURITY §2.3, shared by the feature API tests: course A (creator adminA, co-admin
// coAdminA, student studentA) with a released lecture LA (videos VA1, VA2) and an unreleased one LU
// (video VU); course B (adminB, studentB) with lecture LB (video VB); and an outsider. Features add
// their own rows on top (questions/test/world.ts).

const DAY = 24 * 3_600_000;

export type World = Awaited<ReturnType<typeof buildWorld>>;

export async function buildWorld(t: TestApp) {
  const [adminA, coAdminA, studentA, adminB, studentB, outsider] = (await Promise.all(
    ['Ada Admin', 'Cora CoAdmin', 'Sam Student', 'Bea AdminB', 'Stu StudentB', 'Otto Outsider'].map((name) =>
      createUser(t.app, { name }),
    ),
  )) as [TestUser, TestUser, TestUser, TestUser, TestUser, TestUser];
  const now = t.clock.now();
  const A = await seedCourse(t.db, adminA.id, { name: 'Course A', description: 'About A' });
  await seedCourseAdmin(t.db, A.id, coAdminA.id);
  await seedCourseMember(t.db, A.id, studentA.id);
  const B = await seedCourse(t.db, adminB.id, { name: 'Course B', description: 'About B' });
  await seedCourseMember(t.db, B.id, studentB.id);

  const LA = await seedLecture(t.db, A.id, now, { title: 'LA' });
  const VA1 = await seedVideo(t.db, LA.id, { title: 'VA1' });
  const VA2 = await seedVideo(t.db, LA.id, { title: 'VA2' });
  const future = new Date(now.getTime() + DAY);
  const LU = await seedLecture(t.db, A.id, now, {
    title: 'LU',
    lectureDate: new Date(future.getTime() + DAY),
    lectureDateAvailable: future,
    lectureDateStart: new Date(future.getTime() + DAY),
    lectureDateEnd: new Date(future.getTime() + 2 * DAY),
  });
  const VU = await seedVideo(t.db, LU.id, { title: 'VU' });
  const LB = await seedLecture(t.db, B.id, now, { title: 'LB' });
  const VB = await seedVideo(t.db, LB.id, { title: 'VB' });

  return {
    users: { adminA, coAdminA, studentA, adminB, studentB, outsider },
    A,
    B,
    LA,
    LU,
    LB,
    VA1,
    VA2,
    VU,
    VB,
  };
}
