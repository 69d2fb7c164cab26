// Wire contracts of the lectures feature (SPEC §3 Lecture, Duplicate payload; §4; §7 "Courses and lectures").
import { z } from 'zod';
import { MAX_TITLE_LENGTH } from '../constants';
import { VALIDATION } from '../messages';
import { stripInvisible } from '../text';
import { Id } from './common';
import { CourseAdminDto, JoinCode, courseFormText } from './courses';

/** An ISO 8601 instant with a zone ("2026-03-01T09:00:00.000Z"), as the web sends Date#toISOString(). */
const isoDate = (message: string) => z.iso.datetime({ offset: true, message });

const LIVE_WINDOW_ORDER = 'The live discussion cannot end before it starts';

/** lectureDateStart ≤ lectureDateEnd, reported on lectureDateEnd. */
const liveWindowInOrder = <T extends { lectureDateStart: string; lectureDateEnd: string }>(
  body: T,
  ctx: z.RefinementCtx,
) => {
  if (Date.parse(body.lectureDateStart) > Date.parse(body.lectureDateEnd)) {
    ctx.addIssue({ code: 'custom', message: LIVE_WINDOW_ORDER, path: ['lectureDateEnd'] });
  }
};

const Title = courseFormText(VALIDATION.titleRequired, MAX_TITLE_LENGTH);
const Topic = z.string().overwrite(stripInvisible).trim().max(MAX_TITLE_LENGTH);

export const LectureIdParams = z.strictObject({ id: Id });
export const LectureVideosParams = z.strictObject({ lectureId: Id });
export const CourseLecturesParams = z.strictObject({ courseId: Id });

/** PUT /api/lectures/{id}: every editable field; anything else (courseID, lectureVideos …) is 400. */
export const UpdateLectureBody = z
  .strictObject({
    title: Title,
    topic: Topic,
    lectureDate: isoDate('Invalid date'),
    lectureDateAvailable: isoDate('Invalid date'),
    lectureDateStart: isoDate('Invalid date'),
    lectureDateEnd: isoDate('Invalid date'),
  })
  .superRefine(liveWindowInOrder);
export type UpdateLectureBody = z.infer<typeof UpdateLectureBody>;

/**
 * POST /api/upload/createLectureOnly. lectureDateAvailable defaults to 30 minutes before the lecture
 * date (SPEC §5, DATE_DEFAULTS).
 */
export const CreateLectureBody = z
  .strictObject({
    courseID: Id,
    title: Title,
    topic: courseFormText(VALIDATION.metadataRequired, MAX_TITLE_LENGTH),
    lectureDate: isoDate(VALIDATION.metadataRequired),
    lectureDateStart: isoDate(VALIDATION.metadataRequired),
    lectureDateEnd: isoDate(VALIDATION.metadataRequired),
    lectureDateAvailable: isoDate('Invalid date').optional(),
  })
  .superRefine(liveWindowInOrder);
export type CreateLectureBody = z.infer<typeof CreateLectureBody>;

export const DUPLICATE_MODES = ['duplicate', 'concurrent'] as const;
export type DuplicateMode = (typeof DUPLICATE_MODES)[number];

/**
 * POST /api/lectures/duplicate (SPEC §3 Duplicate payload). courseID is the target course, lectureID the
 * source lecture. questions: the source questions to copy in 'duplicate' mode; ignored in 'concurrent'
 * mode, where every question is shared.
 */
export const DuplicateLectureBody = z
  .strictObject({
    courseID: Id,
    lectureID: Id,
    lectureDate: isoDate('Invalid date'),
    lectureDateAvailable: isoDate('Invalid date'),
    lectureDateStart: isoDate('Invalid date'),
    lectureDateEnd: isoDate('Invalid date'),
    questions: z.array(Id).max(5000).default([]),
    mode: z.enum(DUPLICATE_MODES, { message: 'Choose a duplication mode' }),
  })
  .superRefine(liveWindowInOrder);
export type DuplicateLectureBody = z.infer<typeof DuplicateLectureBody>;

/** POST /api/lectures/join. userId, when sent, must be the caller's. */
export const JoinLectureBody = z.strictObject({ lectureId: JoinCode, userId: Id.optional() });
export type JoinLectureBody = z.infer<typeof JoinLectureBody>;

export const RemoveLectureVideoBody = z.strictObject({ videoId: Id });
export type RemoveLectureVideoBody = z.infer<typeof RemoveLectureVideoBody>;

/** The lecture's video ids in their new order: exactly the current ones, each once. */
export const ReorderLectureVideosBody = z.strictObject({ videoIds: z.array(Id).min(1).max(500) });
export type ReorderLectureVideosBody = z.infer<typeof ReorderLectureVideosBody>;

// Answer shapes. As zod schemas, the server's serializer sends only these fields (SECURITY AC-10).

/** A lecture on the wire (SPEC §3). Dates are ISO 8601 strings. */
export const LectureDto = z.object({
  id: z.string(),
  _id: z.string(),
  title: z.string(),
  topic: z.string(),
  lectureDate: z.string(),
  lectureDateAvailable: z.string(),
  lectureDateStart: z.string(),
  lectureDateEnd: z.string(),
  /** Video ids in playlist order. */
  lectureVideos: z.array(z.string()),
  firstVideoId: z.string().nullable(),
  courseID: z.string(),
  parentCourse: z.object({ id: z.string(), _id: z.string(), name: z.string() }),
  /** False while lectureDateAvailable is in the future; only admins ever receive such a lecture. */
  released: z.boolean(),
});
export type LectureDto = z.infer<typeof LectureDto>;

/**
 * A lecture on the course page's card (issue 11 #3): besides the lecture, the poster of its first ready
 * video that has one (a signed /media/….jpg) and the summed length of its ready videos whose length is
 * known (YouTube lengths are not), null when there is none.
 */
export const CourseLectureDto = LectureDto.extend({
  posterSource: z.string().nullable(),
  durationSeconds: z.number().nullable(),
});
export type CourseLectureDto = z.infer<typeof CourseLectureDto>;

/** GET /api/lectures/courseLectures/{courseId}: lectures sorted by lectureDate. */
export const CourseLecturesAnswer = z.object({
  lectures: z.array(CourseLectureDto),
  admins: z.array(CourseAdminDto),
  name: z.string(),
  description: z.string(),
  id: z.string(),
  _id: z.string(),
  isAdmin: z.boolean(),
});
export type CourseLecturesAnswer = z.infer<typeof CourseLecturesAnswer>;

export const LECTURE_VIDEO_SOURCE_TYPES = ['localFile', 'youtubeLink'] as const;
export type LectureVideoSourceType = (typeof LECTURE_VIDEO_SOURCE_TYPES)[number];

/** One entry of GET /api/lectures/lectureVideos/{lectureId}, in playlist order. */
export const LectureVideoItem = z.object({
  id: z.string(),
  _id: z.string(),
  title: z.string(),
  sourceType: z.enum(LECTURE_VIDEO_SOURCE_TYPES),
  /** "/media/<sha256>.mp4?exp=…&sig=…" (a signed grant) for a local file, the normalised watch URL for YouTube. */
  videoSource: z.string(),
  durationSeconds: z.number().nullable(),
  /** Only a lecture's admins receive videos that are not ready, after the playlist (issue 9). */
  status: z.enum(['processing', 'ready', 'failed']),
  progress: z.number().nullable(),
  failureReason: z.string().nullable(),
  posterSource: z.string().nullable(),
});
export type LectureVideoItem = z.infer<typeof LectureVideoItem>;

/** 200 of POST /api/lectures/join. */
export const JoinLectureAnswer = z.object({
  message: z.string(),
  id: z.string(),
  lectureId: z.string(),
  courseId: z.string(),
  firstVideoId: z.string().nullable(),
});
export type JoinLectureAnswer = z.infer<typeof JoinLectureAnswer>;

/** Answer of removeVideo and reorderVideos: the playlist as it now stands. */
export const LecturePlaylistAnswer = z.object({ message: z.string(), lectureVideos: z.array(z.string()) });
export type LecturePlaylistAnswer = z.infer<typeof LecturePlaylistAnswer>;

/** 201 of POST /api/lectures/duplicate: the new lecture. */
export const DuplicateLectureAnswer = z.object({ id: z.string(), _id: z.string() });
export type DuplicateLectureAnswer = z.infer<typeof DuplicateLectureAnswer>;
