import { eq, inArray } from 'drizzle-orm';
import {
  courseAdmins,
  courseMembers,
  courses,
  lectureMembers,
  lectureVideos,
  lectures,
  videos,
} from '../../db/schema';
import { type TestUser, createUser } from '../../../test/factories';
import { seedCourse, seedCourseAdmin, seedCourseMember, seedLecture, seedVideo } from '../../../test/seed';
import type { TestApp } from '../../../test/test-app';

// The fixture world of SECURITY §2.3, shared by the courses and lectures API tests: course A (creator
// adminA, co-admin coAdminA, student studentA) with a released lecture LA (videos VA1, VA2) and an
// unreleased one LU (video VU); course B (adminB, studentB) with lecture LB; and an outsider.

const DAY = 24 * 3_600_000;

export async function buildWorld(t: TestApp) {
  const [adminA, coAdminA, studentA, adminB, studentB, outsider] = await Promise.all(
    ['Ada Admin', 'Cora CoAdmin', 'Sam Student', 'Bea AdminB', 'Stu StudentB', 'Otto Outsider'].map((name) =>
      createUser(t.app, { name }),
    ),
  );
  const now = t.clock.now();
  const A = await seedCourse(t.db, adminA!.id, { name: 'Course A', description: 'About A' });
  await seedCourseAdmin(t.db, A.id, coAdminA!.id);
  await seedCourseMember(t.db, A.id, studentA!.id);
  const B = await seedCourse(t.db, adminB!.id, { name: 'Course B', description: 'About B' });
  await seedCourseMember(t.db, B.id, studentB!.id);

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
    users: {
      adminA: adminA!,
      coAdminA: coAdminA!,
      studentA: studentA!,
      adminB: adminB!,
      studentB: studentB!,
      outsider: outsider!,
    },
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
export type World = Awaited<ReturnType<typeof buildWorld>>;

/** An inject call as a user (or anonymous with null). */
export function caller(t: TestApp) {
  return (who: TestUser | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: who ? who.auth : {} });
}

/** Every row a course's denied mutation could touch, to compare before and after. */
export async function courseSnapshot(t: TestApp, courseId: string) {
  const lectureRows = await t.db.select().from(lectures).where(eq(lectures.courseId, courseId));
  const lectureIds = lectureRows.map((l) => l.id);
  const playlist = lectureIds.length
    ? await t.db.select().from(lectureVideos).where(inArray(lectureVideos.lectureId, lectureIds))
    : [];
  const videoIds = playlist.map((p) => p.videoId);
  return {
    course: await t.db.select().from(courses).where(eq(courses.id, courseId)),
    admins: await t.db.select().from(courseAdmins).where(eq(courseAdmins.courseId, courseId)),
    members: await t.db.select().from(courseMembers).where(eq(courseMembers.courseId, courseId)),
    lectureMembers: lectureIds.length
      ? await t.db.select().from(lectureMembers).where(inArray(lectureMembers.lectureId, lectureIds))
      : [],
    lectures: lectureRows,
    playlist,
    videos: videoIds.length ? await t.db.select().from(videos).where(inArray(videos.id, videoIds)) : [],
  };
}
