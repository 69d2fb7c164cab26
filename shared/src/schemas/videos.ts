// Wire contracts of the videos feature (SPEC §3 Video, Where-used entry; §7 "Videos and uploads").
import { z } from 'zod';
import { MAX_TITLE_LENGTH } from '../constants';
import { VALIDATION } from '../messages';
import { stripInvisible } from '../text';
import { normaliseYouTubeUrl } from '../youtube';
import { Id } from './common';
import { INVALID_YOUTUBE_LINK, UPLOAD_KINDS } from '../wire';

export const SOURCE_TYPES = ['localFile', 'youtubeLink'] as const;
export type SourceType = (typeof SOURCE_TYPES)[number];

/** A video's title wherever it is set: form uploads, YouTube links and tus metadata (issue 20). */
export const VideoTitle = z
  .string()
  .overwrite(stripInvisible)
  .trim()
  .min(1, VALIDATION.titleRequired)
  .max(MAX_TITLE_LENGTH);

/** Text fields of POST /api/upload/videoFileToLecture; they must come before the `file` part. */
export const VideoFileToLectureFields = z.strictObject({
  courseID: Id,
  lectureID: Id,
  title: VideoTitle,
  sourceType: z.literal('localFile').default('localFile'),
});
export type VideoFileToLectureFields = z.infer<typeof VideoFileToLectureFields>;

/** POST /api/upload/youtubeToLecture; videoSource is stored as https://www.youtube.com/watch?v=<id>. */
export const YoutubeToLectureBody = z.strictObject({
  courseID: Id,
  lectureID: Id,
  title: VideoTitle,
  videoSource: z
    .string()
    .max(2000, INVALID_YOUTUBE_LINK)
    .transform((link, ctx) => {
      const normalised = normaliseYouTubeUrl(link);
      if (normalised === null) ctx.addIssue({ code: 'custom', message: INVALID_YOUTUBE_LINK });
      return normalised ?? '';
    }),
  sourceType: z.literal('youtubeLink').default('youtubeLink'),
});
export type YoutubeToLectureBody = z.infer<typeof YoutubeToLectureBody>;

export const RenameLectureVideoBody = z.strictObject({
  title: z.string().overwrite(stripInvisible).trim().min(1, VALIDATION.enterTitle).max(MAX_TITLE_LENGTH),
});
export const VideoIdParams = z.strictObject({ videoId: Id });
export const LectureIdParam = z.strictObject({ lectureId: Id });
export const ResponseIdParams = z.strictObject({ responseId: Id });
export const RenameParams = z.strictObject({ id: Id });

/** Students and anonymous viewers only ever receive `ready` videos (issue 9). */
export const VIDEO_STATUSES = ['processing', 'ready', 'failed'] as const;
export type VideoStatus = (typeof VIDEO_STATUSES)[number];

/**
 * A video as the API sends it. videoSource: "/media/<sha256>.mp4?exp=…&sig=…" or a YouTube watch URL,
 * empty while the video is processing or failed; progress a whole percent while processing (null until
 * ffmpeg reports it); failureReason for the instructor; posterSource a signed still, or null.
 */
export const VideoDto = z.object({
  id: z.string(),
  _id: z.string(),
  title: z.string(),
  sourceType: z.enum(SOURCE_TYPES),
  videoSource: z.string(),
  durationSeconds: z.number().nullable(),
  status: z.enum(VIDEO_STATUSES),
  progress: z.number().nullable(),
  failureReason: z.string().nullable(),
  posterSource: z.string().nullable(),
});
export type VideoDto = z.infer<typeof VideoDto>;

/** GET /api/upload/lecture-video/{lectureId}. */
export const LectureVideoIdAnswer = z.object({ videoId: z.string() });
export type LectureVideoIdAnswer = z.infer<typeof LectureVideoIdAnswer>;

/** GET /api/upload/videoAnswers/{responseId} (SPEC §3 Response video). */
export const VideoAnswerDto = z.object({ id: z.string(), _id: z.string(), videoSource: z.string() });
export type VideoAnswerDto = z.infer<typeof VideoAnswerDto>;

/** GET /api/upload/contexts/{videoId}: one entry per lecture holding the video in a course the caller administers. */
export const VideoContextDto = z.object({
  lectureId: z.string(),
  courseId: z.string(),
  courseName: z.string(),
  lectureTitle: z.string(),
});
export type VideoContextDto = z.infer<typeof VideoContextDto>;

// Resumable uploads (tus at /tus/). The client sends Upload-Metadata with `kind` and the kind's fields;
// the server answers the final PATCH with the created object's id in a header.
/** Upload-Metadata of kind lectureVideo: courseID, lectureID, title (all required). */
export interface LectureVideoUploadMetadata {
  kind: typeof UPLOAD_KINDS.lectureVideo;
  courseID: string;
  lectureID: string;
  title: string;
}
/** Response header of the final tus PATCH for a lectureVideo upload: the new video's id. */
export const VIDEO_ID_HEADER = 'Lectern-Video-Id';

/** GET /api/upload/storage: the caller's stored uploads against their quota (issue 12, item 8). */
export const StorageUse = z.object({
  usedBytes: z.number().nonnegative(),
  quotaBytes: z.number().positive(),
  /** Set when the server converts videos with its old bundled ffmpeg (issue 20), for the upload page. */
  processingWarning: z.string().optional(),
});
export type StorageUse = z.infer<typeof StorageUse>;
