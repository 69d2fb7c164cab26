// Wire contracts of the questions feature (SPEC §3 Question, Vote; §5; §7 "Questions and meetings",
// GET /api/upload/{videoId}, POST /api/upload/videoResponse).
import { z } from 'zod';
import { stripInvisible } from '../text';
import {
  MAX_ANSWER_TEXT,
  MAX_QUESTION_LENGTH,
  MAX_TITLE_LENGTH,
  MIN_QUESTION_LENGTH,
  QUESTION_PAGE,
} from '../constants';
import { VALIDATION } from '../messages';
import { Id } from './common';
import { VideoDto } from './videos';

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
 * ?limit=…&after=…: one page of a bounded list (issue 14). `after` is the opaque cursor the previous page
 * sent in its next-cursor header; both are optional, so a caller naming neither gets the first page.
 */
export const QuestionPageQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(QUESTION_PAGE.maxLimit).optional(),
  after: z.string().min(1).max(512).optional(),
});
export type QuestionPageQuery = z.infer<typeof QuestionPageQuery>;

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
  /** "Ask anonymously to classmates" (issue 24): shown to the course's admins beside the asker's name. */
  anonymous: z.boolean().default(false),
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
  title: z.string().overwrite(stripInvisible).trim().max(MAX_TITLE_LENGTH).default(''),
  sourceType: z.literal('localFile').default('localFile'),
  posterID: Id.optional(),
});
export type VideoResponseFields = z.infer<typeof VideoResponseFields>;

/** Upload-Metadata of a tus upload of kind followUpAnswer: a follow-up's answer video (issue 24). */
export const FollowUpAnswerFields = z.strictObject({
  followUpID: Id,
  title: VideoResponseFields.shape.title,
});
export type FollowUpAnswerFields = z.infer<typeof FollowUpAnswerFields>;

export type QuestionStatus = 'live' | 'processing';

/** Who asked: sent only to the home course's admins and to the asker (DESIGN §5.3). id and name are
 * null and "anonymous" once the asker's account is gone. */
/** `anonymous`: the asker asked "anonymously to classmates" (issue 24); only who sees the name sees it. */
export const WhoAsked = z.object({ id: z.string().nullable(), name: z.string(), anonymous: z.boolean() });
export type WhoAsked = z.infer<typeof WhoAsked>;

/**
 * userVotes holds only the caller's own vote, { [callerId]: 'UP' | 'DOWN' }, empty for anonymous callers
 * (SECURITY AC-10): the response schema refuses a second entry at run time, so a stray one fails closed.
 */
const CallerVote = z
  .record(z.string(), z.enum(VOTE_OPTIONS))
  .refine((votes) => Object.keys(votes).length <= 1, 'userVotes carries the caller’s vote only');

/**
 * A question on the wire (SPEC §3). timeAsked in seconds into the video; timePosted and answeredAt ISO 8601;
 * whoAsked absent unless the caller asked it or runs its home course; response the response id or '';
 * ratings the sum of the votes; lectureID the lecture it was asked in (null if deleted); courseId '' outside
 * the caller's own courses; lectureVideoSource the video's signed source or YouTube URL.
 */
/**
 * The answer in words (issue 24): `html` rendered from `markdown` and sanitised on the server (the browser
 * sanitises it again); `editedAt` when it was last changed, null if never; `withVideo` false for a text-only
 * answer, which has no video to play.
 */
export const AnswerTextDto = z.object({
  markdown: z.string(),
  html: z.string(),
  editedAt: z.string().nullable(),
  withVideo: z.boolean(),
});
export type AnswerTextDto = z.infer<typeof AnswerTextDto>;

export const QuestionDto = z.object({
  id: z.string(),
  _id: z.string(),
  question: z.string(),
  topic: z.string(),
  level: z.number(),
  timeAsked: z.number(),
  timePosted: z.string(),
  whoAsked: WhoAsked.optional(),
  status: z.enum(['live', 'processing']).nullable(),
  response: z.string(),
  answeredAt: z.string().nullable(),
  ratings: z.number(),
  userVotes: CallerVote,
  lectureID: z.string().nullable(),
  lectureName: z.string(),
  videoId: z.string(),
  videoTitle: z.string(),
  courseId: z.string(),
  courseName: z.string(),
  lectureVideoSource: z.string(),
  live: z.boolean(),
  /** Absent when the answer, if any, is a video alone. */
  answerText: AnswerTextDto.optional(),
  /** True when the answer is a student's answer endorsed by the instructor (issue 24); absent otherwise. */
  endorsed: z.literal(true).optional(),
  /** Hidden by the course's admins (issue 24): only they and the asker are sent it. */
  hidden: z.boolean(),
});
export type QuestionDto = z.infer<typeof QuestionDto>;

/** A lecture holding the video that the caller belongs to. */
export const VideoLectureRef = z.object({
  id: z.string(),
  title: z.string(),
  courseId: z.string(),
  courseName: z.string(),
});
export type VideoLectureRef = z.infer<typeof VideoLectureRef>;

/**
 * GET /api/upload/{videoId}: the video with the questions this caller may see (SECURITY AC-9); lectureID the
 * lecture asked for (?lectureId) if visible, else the caller's own, else the first the video was published in;
 * courseID '' outside the caller's own courses; questions sorted by timeAsked.
 */
export const VideoWithQuestionsDto = VideoDto.extend({
  lectureID: z.string(),
  courseID: z.string(),
  lectures: z.array(VideoLectureRef),
  questions: z.array(QuestionDto),
});
export type VideoWithQuestionsDto = z.infer<typeof VideoWithQuestionsDto>;

/** 201 of POST /api/upload/videoResponse and of a tus upload of kind=response. */
export const VideoResponseAnswer = z.object({
  id: z.string(),
  _id: z.string(),
  questionID: z.string(),
  videoSource: z.string(),
  question: QuestionDto,
});
export type VideoResponseAnswer = z.infer<typeof VideoResponseAnswer>;

/** Upload-Metadata of a tus upload of kind=response: the question answered and an optional title. */
export interface ResponseUploadMetadata {
  kind: 'response';
  questionID: string;
  title?: string;
}
/** Response header of the final tus PATCH of a response upload: the new response's id. */
export const RESPONSE_ID_HEADER = 'Lectern-Response-Id';

/** PUT /api/questions/:id/answer-text: writes or edits the answer in words (course admins only, issue 24). */
export const AnswerTextBody = z.strictObject({
  text: z
    .string()
    .max(MAX_ANSWER_TEXT, `An answer may have at most ${MAX_ANSWER_TEXT.toLocaleString('en-US')} characters`)
    .refine((text) => text.trim() !== '', 'Write the answer'),
});
export type AnswerTextBody = z.infer<typeof AnswerTextBody>;

/** A follow-up's text: short, Markdown like a text answer (issue 24, "Follow-ups"). */
export const MAX_FOLLOW_UP_TEXT = 1000;
export const FOLLOW_UP_TOO_LONG = `A follow-up may have at most ${MAX_FOLLOW_UP_TEXT.toLocaleString('en-US')} characters`;

/** POST /api/questions/:id/follow-ups: a short follow-up under an answered question. */
export const FollowUpBody = z.strictObject({
  text: z
    .string()
    .max(MAX_FOLLOW_UP_TEXT, FOLLOW_UP_TOO_LONG)
    .refine((text) => text.trim() !== '', 'Write your follow-up'),
});
export type FollowUpBody = z.infer<typeof FollowUpBody>;

export const FollowUpIdParams = z.strictObject({ id: Id });

/**
 * One follow-up, as GET /api/questions/:id/follow-ups lists it. `authorName` only for the course's admins
 * and the author (DESIGN §5.3, as `whoAsked`); `own` tells the caller it is theirs. `answerHtml` is the
 * instructor's answer in words, rendered and sanitised on the server like a text answer.
 */
export const FollowUpDto = z.object({
  _id: z.string(),
  questionId: z.string(),
  own: z.boolean(),
  authorName: z.string().nullable(),
  textHtml: z.string(),
  createdAt: z.string(),
  answerHtml: z.string().nullable(),
  answeredAt: z.string().nullable(),
  /** Hidden by the course's admins (issue 24): only they and the author are sent it. */
  hidden: z.boolean(),
  /**
   * The instructor's answer by video (issue 24), an answer video as a question's: `id` its response id
   * (captions are the response's), `videoSource` empty until processed. Readers other than the course's
   * admins are sent it once it is ready only; `failed` (admins only) when its processing failed, with
   * `failureReason` why (null otherwise, and for one that failed before reasons were kept).
   */
  answerVideo: z
    .object({
      id: z.string(),
      ready: z.boolean(),
      failed: z.boolean(),
      failureReason: z.string().nullable(),
      videoSource: z.string(),
    })
    .nullable(),
});
export type FollowUpDto = z.infer<typeof FollowUpDto>;
/** `canAnswer`: the caller administers the question's home course, so answers and deletes any follow-up. */
export const FollowUpList = z.object({ followUps: z.array(FollowUpDto), canAnswer: z.boolean() });
export type FollowUpList = z.infer<typeof FollowUpList>;

/**
 * GET /api/follow-ups/waiting: follow-ups without an answer under questions of the courses the caller
 * administers (Action Items' "Follow-up on: …" rows), oldest first, at most 100.
 */
export const WaitingFollowUpDto = z.object({
  _id: z.string(),
  questionId: z.string(),
  question: z.string(),
  authorName: z.string().nullable(),
  textHtml: z.string(),
  createdAt: z.string(),
});
export type WaitingFollowUpDto = z.infer<typeof WaitingFollowUpDto>;
export const WaitingFollowUpList = z.object({ followUps: z.array(WaitingFollowUpDto) });
export type WaitingFollowUpList = z.infer<typeof WaitingFollowUpList>;
