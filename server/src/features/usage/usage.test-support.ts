import type { LogEntryBody } from '@lectern/shared';
import { createUser, type TestUser } from '../../../test/factories';
import { seedCourse, seedCourseMember, seedLecture, seedVideo } from '../../../test/seed';
import type { TestApp } from '../../../test/test-app';

// A course with one lecture and one video, its admin, two students and an admin of another course.

export interface UsageWorld {
  admin: TestUser;
  students: TestUser[];
  outsiderAdmin: TestUser;
  courseId: string;
  lectureId: string;
  videoId: string;
  /** A video of another lecture of the same course. */
  otherVideoId: string;
}

export async function seedUsageWorld(
  t: TestApp,
  options: { studentNames?: string[]; durationSeconds?: number } = {},
): Promise<UsageWorld> {
  const admin = await createUser(t.app, { name: 'Instructor' });
  const outsiderAdmin = await createUser(t.app, { name: 'Other Instructor' });
  const course = await seedCourse(t.db, admin.id);
  await seedCourse(t.db, outsiderAdmin.id, { name: 'Another course' });
  const now = t.clock.now();
  // Released a week ago: the tests log events up to a day back, and only a released lecture's video
  // takes events from its students (issue 12, item 9).
  const released = { lectureDateAvailable: new Date(now.getTime() - 7 * 24 * 3_600_000) };
  const lecture = await seedLecture(t.db, course.id, now, released);
  const video = await seedVideo(t.db, lecture.id, { durationSeconds: options.durationSeconds ?? 60 });
  const otherLecture = await seedLecture(t.db, course.id, now, { ...released, title: 'Lecture 2' });
  const otherVideo = await seedVideo(t.db, otherLecture.id);
  const students: TestUser[] = [];
  for (const name of options.studentNames ?? ['Student A', 'Student B']) {
    const student = await createUser(t.app, { name });
    await seedCourseMember(t.db, course.id, student.id);
    students.push(student);
  }
  return {
    admin,
    students,
    outsiderAdmin,
    courseId: course.id,
    lectureId: lecture.id,
    videoId: video.id,
    otherVideoId: otherVideo.id,
  };
}

/** Sends a usage event as the watch page does, through POST /api/logging/log. */
export async function logAs(
  t: TestApp,
  user: TestUser | null,
  body: Omit<LogEntryBody, 'pageURL'>,
): Promise<void> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/logging/log',
    headers: user ? user.auth : {},
    payload: { ...body, pageURL: `/video/${body.videoID ?? ''}` },
  });
  if (res.statusCode !== 201) throw new Error(`logging failed: ${res.statusCode} ${res.body}`);
}

/** GET as a user (or anonymously), returning status and body. */
export async function getAs(t: TestApp, user: TestUser | null, url: string) {
  return t.app.inject({ method: 'GET', url, headers: user ? user.auth : {} });
}
