import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { youTubeWatchUrl } from '@lectern/shared';
import type { Db } from '../src/db/client';
import {
  courseAdmins,
  courseMembers,
  courses,
  lectureMembers,
  lectures,
  mediaFiles,
  questions,
  responses,
  videos,
  followUps,
  studentAnswers,
} from '../src/db/schema';
import { appendToPlaylist } from '../src/features/lectures/lectures.repository';
import type { MediaStore } from '../src/lib/media-store';
import { sentenceMeaning } from '../src/features/suggestions/sentence-meaning';

// Seeds straight through the database, for tests of one feature that need another feature's data
// (DESIGN §9: factories seed through the repository or the API). Overrides win over defaults.

/** The project's own test media (test-media/make.mjs makes them). */
export const FIXTURES_DIR = path.resolve(import.meta.dirname, '../../test-media');
const HOUR = 3_600_000;

export async function seedCourse(
  db: Db,
  adminId: string,
  overrides: Partial<typeof courses.$inferInsert> = {},
): Promise<typeof courses.$inferSelect> {
  const [course] = await db
    .insert(courses)
    .values({
      name: 'Signals and Systems',
      description: 'Fourier and friends',
      createdBy: adminId,
      ...overrides,
    })
    .returning();
  await db.insert(courseAdmins).values({ courseId: course!.id, userId: adminId });
  return course!;
}

export async function seedCourseAdmin(db: Db, courseId: string, userId: string): Promise<void> {
  await db.insert(courseAdmins).values({ courseId, userId });
}

export async function seedCourseMember(db: Db, courseId: string, userId: string): Promise<void> {
  await db.insert(courseMembers).values({ courseId, userId });
}

export async function seedLectureMember(db: Db, lectureId: string, userId: string): Promise<void> {
  await db.insert(lectureMembers).values({ lectureId, userId });
}

/** A lecture released an hour before `now`, whose live window is the hour around `now`, unless overridden. */
export async function seedLecture(
  db: Db,
  courseId: string,
  now: Date,
  overrides: Partial<typeof lectures.$inferInsert> = {},
): Promise<typeof lectures.$inferSelect> {
  const t = now.getTime();
  const [lecture] = await db
    .insert(lectures)
    .values({
      courseId,
      title: 'Lecture 1: Sampling',
      topic: 'Sampling',
      lectureDate: new Date(t - HOUR / 2),
      lectureDateAvailable: new Date(t - HOUR),
      lectureDateStart: new Date(t - HOUR / 2),
      lectureDateEnd: new Date(t + HOUR / 2),
      ...overrides,
    })
    .returning();
  return lecture!;
}

/** Copies a fixture into the media store and records it. */
export async function seedMedia(
  db: Db,
  store: MediaStore,
  fixture = 'lecture-10s.mp4',
  durationSeconds = 10,
): Promise<string> {
  const copy = path.join(path.dirname(store.pathOf('0'.repeat(64))), `.seed-${Date.now()}-${Math.random()}`);
  fs.copyFileSync(path.join(FIXTURES_DIR, fixture), copy);
  const stored = await store.importFile(copy);
  await db
    .insert(mediaFiles)
    .values({ sha256: stored.sha256, sizeBytes: stored.sizeBytes, durationSeconds })
    .onConflictDoNothing();
  return stored.sha256;
}

/** A made-up YouTube video id: eleven characters. */
const youtubeId = () => crypto.randomUUID().replaceAll('-', '').slice(0, 11);

/** A video at the end of a lecture's playlist: a YouTube link unless a media sha256 is given. */
export async function seedVideo(
  db: Db,
  lectureId: string,
  options: { title?: string; mediaSha256?: string; youtubeUrl?: string; durationSeconds?: number } = {},
): Promise<typeof videos.$inferSelect> {
  const [video] = await db
    .insert(videos)
    .values(
      options.mediaSha256
        ? {
            title: options.title ?? 'Part 1',
            sourceType: 'localFile',
            mediaSha256: options.mediaSha256,
            durationSeconds: options.durationSeconds ?? 10,
          }
        : {
            title: options.title ?? 'Part 1',
            sourceType: 'youtubeLink',
            // A link of its own: videos on one link are one recording to the suggestion matcher.
            youtubeUrl: options.youtubeUrl ?? youTubeWatchUrl(youtubeId()),
            durationSeconds: options.durationSeconds ?? 212,
          },
    )
    .returning();
  await appendToPlaylist(db, lectureId, video!.id);
  return video!;
}

export async function seedQuestion(
  db: Db,
  videoId: string,
  askerId: string | null,
  overrides: Partial<typeof questions.$inferInsert> = {},
): Promise<typeof questions.$inferSelect> {
  const text = overrides.question ?? 'Why does aliasing happen here?';
  // Its meaning kept with it, as asking a question keeps it (features/suggestions/sentence-meaning.ts).
  const meaning = await sentenceMeaning(text);
  const [question] = await db
    .insert(questions)
    .values({ videoId, askerId, question: text, meaning, timeAsked: 5, ...overrides })
    .returning();
  return question!;
}

/** Answers a question with a stored media file. */
export async function seedResponse(
  db: Db,
  questionId: string,
  mediaSha256: string,
  posterId: string,
  answeredAt = new Date(),
): Promise<typeof responses.$inferSelect> {
  const [response] = await db
    .insert(responses)
    .values({ mediaSha256, posterId, title: 'Answer' })
    .returning();
  await db
    .update(questions)
    .set({ responseId: response!.id, status: null, answeredAt })
    .where(eq(questions.id, questionId));
  return response!;
}

/** A follow-up by `authorId` under `questionId` (issue 24), its text shown as it would be rendered. */
/** A student's answer to `questionId` (issue 24), rendered as the renderer would a plain line. */
export async function seedStudentAnswer(
  db: Db,
  questionId: string,
  authorId: string,
  text = 'Because v < 0.',
) {
  const [row] = await db
    .insert(studentAnswers)
    .values({ questionId, authorId, text, textHtml: `<p>${text.replace(/</g, '&lt;')}</p>\n` })
    .returning();
  return row!;
}

export async function seedFollowUp(db: Db, questionId: string, authorId: string, text = 'And for x < 0?') {
  const [row] = await db
    .insert(followUps)
    .values({ questionId, authorId, text, textHtml: `<p>${text.replace(/</g, '&lt;')}</p>\n` })
    .returning();
  return row!;
}
