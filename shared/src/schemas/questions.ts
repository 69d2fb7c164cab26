// Wire contracts of the questions feature (SPEC §3 Question, Vote; §5; §7 "Questions and meetings",
// GET /api/upload/{videoId}, POST /api/upload/videoResponse).
import { z } from 'zod';
import { MAX_QUESTION_LENGTH, MAX_TITLE_LENGTH, MIN_QUESTION_LENGTH } from '../constants';
import { VALIDATION } from '../messages';
import { Id } from './common';

/** Seconds into a video; the upper bound is the video's duration, checked by the server. */
const VideoSeconds = z.number({ message: 'Invalid time' }).min(0, 'Invalid time').max(1e6, 'Invalid time');

/** The question text: trimmed, 11 to 2000 characters (SPEC §5, SECURITY VAL-1). */
export const QuestionText = z
  .string({ message: VALIDATION.questionTooShort })
  .trim()
  .min(MIN_QUESTION_LENGTH, VALIDATION.questionTooShort)
  .max(MAX_QUESTION_LENGTH, `Your question is too long (at most ${MAX_QUESTION_LENGTH} characters).`);

export const QuestionIdParams = z.strictObject({ id: Id });
export const RatingsParams = z.strictObject({ questionId: Id });
export const QuestionUserParams = z.strictObject({ userId: Id });
export const QuestionCourseParams = z.strictObject({ courseId: Id });
export const QuestionLectureParams = z.strictObject({ lectureId: Id });
export const VideoWithQuestionsParams = z.strictObject({ videoId: Id });

/** GET /api/upload/{videoId}?lectureId=…: the lecture the page was opened from (SPEC §2, optional). */
export const VideoWithQuestionsQuery = z.strictObject({ lectureId: Id.optional() });

/** GET /api/questions/user-questions/{userId}?answeredSinceDays=7: only answered in the last n days. */
export const UserQuestionsQuery = z.strictObject({
  answeredSinceDays: z.coerce.number().int().min(1).max(366).optional(),
});
export type UserQuestionsQuery = z.infer<typeof UserQuestionsQuery>;

/**
 * POST /api/questions. userID, when sent, must be the caller's. lectureId (optional) names the lecture
 * the video was watched in; without it the first visible lecture holding the video is used.
 */
export const CreateQuestionBody = z.strictObject({
  question: QuestionText,
  videoId: Id,
  time: VideoSeconds,
  userID: Id.optional(),
  live: z.boolean().default(false),
  lectureId: Id.optional(),
});
export type CreateQuestionBody = z.infer<typeof CreateQuestionBody>;

export const QUESTION_LEVELS = [1, 2, 3, 4, 5] as const;

/** PUT /api/questions/{id} (SPEC §2 Edit question). deleteResponse true: back to unanswered. */
export const UpdateQuestionBody = z.strictObject({
  question: QuestionText,
  topic: z.string().trim().max(MAX_TITLE_LENGTH).default(''),
  level: z.number().int().min(1, 'Level must be 1 to 5').max(5, 'Level must be 1 to 5'),
  timeAsked: VideoSeconds,
  deleteResponse: z.boolean().default(false),
});
export type UpdateQuestionBody = z.infer<typeof UpdateQuestionBody>;

export const VOTE_OPTIONS = ['UP', 'DOWN'] as const;
export type VoteOption = (typeof VOTE_OPTIONS)[number];

/** PUT /api/questions/ratings/{questionId}. userId, when sent, must be the caller's. */
export const VoteBody = z.strictObject({
  userId: Id.optional(),
  voteOptions: z.enum(VOTE_OPTIONS, { message: 'voteOptions must be UP or DOWN' }),
});
export type VoteBody = z.infer<typeof VoteBody>;

/** PUT /api/questions/status/{id}: the meeting-end landing (SPEC §2) sets processing. */
export const StatusBody = z.strictObject({ status: z.literal('processing') });
export type StatusBody = z.infer<typeof StatusBody>;

/** POST /api/upload/videoResponse, multipart text fields (the file is the `file` part). */
export const VideoResponseFields = z.strictObject({
  questionID: Id,
  title: z.string().trim().max(MAX_TITLE_LENGTH).default(''),
  sourceType: z.literal('localFile').default('localFile'),
  posterID: Id.optional(),
});
export type VideoResponseFields = z.infer<typeof VideoResponseFields>;

export type QuestionStatus = 'live' | 'processing';

/** Who asked: sent only to the course admins and to the asker (DESIGN §5.3). */
export interface WhoAsked {
  /** null once the asker's account is gone. */
  id: string | null;
  /** "anonymous" once the asker's account is gone. */
  name: string;
}

/** A question on the wire (SPEC §3). */
export interface QuestionDto {
  id: string;
  _id: string;
  question: string;
  topic: string;
  level: number;
  /** Seconds into the video. */
  timeAsked: number;
  /** ISO 8601. */
  timePosted: string;
  /** Absent unless the caller administers the course or asked the question. */
  whoAsked?: WhoAsked;
  status: QuestionStatus | null;
  /** The response id, or '' while unanswered. */
  response: string;
  /** ISO 8601 of the (latest) answer, null while unanswered. */
  answeredAt: string | null;
  /** Sum of the votes: UP +1, DOWN -1. */
  ratings: number;
  /** Only the caller's own vote, if any: { [callerId]: 'UP' | 'DOWN' }. Empty for anonymous callers. */
  userVotes: Record<string, VoteOption>;
  /** The lecture it was asked in (null if that lecture was deleted). */
  lectureID: string | null;
  lectureName: string;
  videoId: string;
  videoTitle: string;
  courseId: string;
  courseName: string;
  /** The video's source: "/media/<sha256>.mp4" or a YouTube watch URL. */
  lectureVideoSource: string;
  /** Asked inside the lecture's live window. */
  live: boolean;
}

/** A lecture holding the video, as the caller may see it. */
export interface VideoLectureRef {
  id: string;
  title: string;
  courseId: string;
  courseName: string;
}

/** GET /api/upload/{videoId}: the video with the questions this caller may see (SECURITY AC-9). */
export interface VideoWithQuestionsDto {
  id: string;
  _id: string;
  title: string;
  sourceType: 'localFile' | 'youtubeLink';
  videoSource: string;
  durationSeconds: number | null;
  /** The lecture asked for (?lectureId) if visible, else the first visible one. */
  lectureID: string;
  courseID: string;
  lectures: VideoLectureRef[];
  /** Sorted by timeAsked. */
  questions: QuestionDto[];
}

/** 201 of POST /api/upload/videoResponse and of a tus upload of kind=response. */
export interface VideoResponseAnswer {
  id: string;
  _id: string;
  questionID: string;
  videoSource: string;
  question: QuestionDto;
}

/** Upload-Metadata of a tus upload of kind=response: the question answered and an optional title. */
export interface ResponseUploadMetadata {
  kind: 'response';
  questionID: string;
  title?: string;
}
/** Response header of the final tus PATCH of a response upload: the new response's id. */
export const RESPONSE_ID_HEADER = 'Lectern-Response-Id';
