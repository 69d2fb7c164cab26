import fs from 'node:fs';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { lectureVideos, mediaFiles, mediaProcessing, videos } from '../../../db/schema';
import { createUser, type TestUser } from '../../../../test/factories';
import { FIXTURES_DIR, seedCourse, seedCourseMember, seedLecture } from '../../../../test/seed';
import type { TestApp } from '../../../../test/test-app';
import { call } from '../../../../test/calls';
import { type AppFixture, type FixtureOptions, appFixture } from '../../../../test/fixture';

// Course A (admin, student, a released and an unreleased lecture) and course B (its own admin and lecture).

export interface VideoWorld {
  admin: TestUser;
  student: TestUser;
  adminB: TestUser;
  courseA: string;
  courseB: string;
  lectureA: string;
  unreleasedA: string;
  lectureB: string;
}

/** The app with the video world, for a describe block or a file (test/fixture.ts). */
export const videoWorldFixture = (options?: FixtureOptions): AppFixture<VideoWorld> =>
  appFixture(seedVideoWorld, options);

export async function seedVideoWorld(t: TestApp): Promise<VideoWorld> {
  const [admin, student, adminB] = [
    await createUser(t.app),
    await createUser(t.app),
    await createUser(t.app),
  ];
  const courseA = await seedCourse(t.db, admin.id);
  const courseB = await seedCourse(t.db, adminB.id, { name: 'Course B' });
  await seedCourseMember(t.db, courseA.id, student.id);
  const now = t.clock.now();
  const lectureA = await seedLecture(t.db, courseA.id, now);
  const unreleasedA = await seedLecture(t.db, courseA.id, now, {
    title: 'Next week',
    lectureDateAvailable: new Date(now.getTime() + 7 * 24 * 3600 * 1000),
  });
  const lectureB = await seedLecture(t.db, courseB.id, now);
  return {
    admin,
    student,
    adminB,
    courseA: courseA.id,
    courseB: courseB.id,
    lectureA: lectureA.id,
    unreleasedA: unreleasedA.id,
    lectureB: lectureB.id,
  };
}

export const fixture = (name: string): Buffer => fs.readFileSync(path.join(FIXTURES_DIR, name));

/** A multipart/form-data body with text fields first, then an optional `file` part. */
export function multipart(fields: Record<string, string>, file?: { name: string; data: Buffer }) {
  const boundary = `----lectern${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = Object.entries(fields).map(([key, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`),
  );
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: video/mp4\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A form upload of `data` as a video of course A's lecture A, by `as`. */
export function uploadToLectureA(t: TestApp, w: VideoWorld, as: TestUser, data: Buffer) {
  const body = multipart(
    { courseID: w.courseA, lectureID: w.lectureA, title: 'Clip' },
    { name: 'clip.mp4', data },
  );
  return call(t, 'POST', '/api/upload/videoFileToLecture', {
    as,
    payload: body.payload,
    headers: body.headers,
  });
}

/** Row counts of what an upload creates, to show a refused one created nothing. */
export async function uploadRowCounts(t: TestApp) {
  const [v] = await t.db.select({ n: count() }).from(videos);
  const [m] = await t.db.select({ n: count() }).from(mediaFiles);
  const [l] = await t.db.select({ n: count() }).from(lectureVideos);
  const [p] = await t.db.select({ n: count() }).from(mediaProcessing);
  return { videos: v!.n, mediaFiles: m!.n, lectureVideos: l!.n, processing: p!.n };
}

/** Resolves when the app has no video conversion queued or running. */
export const processingDone = (t: TestApp) => t.app.deps.jobs.drain();

/** Every file under the media and uploads dirs (scratch dirs included). */
export function storedFiles(t: TestApp): string[] {
  const list = (dir: string): string[] =>
    fs.existsSync(dir)
      ? fs
          .readdirSync(dir, { withFileTypes: true })
          .flatMap((e) => (e.isDirectory() ? list(path.join(dir, e.name)) : [path.join(dir, e.name)]))
      : [];
  return [...list(t.config.mediaDir), ...list(t.config.uploadsDir)];
}
