import { eq, inArray } from 'drizzle-orm';
import {
  courseAdmins,
  courseMembers,
  courses,
  lectureMembers,
  lectureVideos,
  lectures,
  videos,
} from '../src/db/schema';
import type { TestApp } from './test-app';

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
