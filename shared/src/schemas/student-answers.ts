import { z } from 'zod';
import { Id } from './common';

// Students' answers to classmates' questions, in a course that allows them (issue 24).

export const MAX_STUDENT_ANSWER_TEXT = 5000;

/** POST /api/questions/:id/student-answers and PUT /api/student-answers/:id: Markdown, like a text answer. */
export const StudentAnswerBody = z.strictObject({
  text: z
    .string()
    .max(
      MAX_STUDENT_ANSWER_TEXT,
      `An answer may have at most ${MAX_STUDENT_ANSWER_TEXT.toLocaleString('en-US')} characters`,
    )
    .refine((text) => text.trim() !== '', 'Write your answer'),
});
export type StudentAnswerBody = z.infer<typeof StudentAnswerBody>;

export const StudentAnswerIdParams = z.strictObject({ id: Id });

/** PUT /api/student-answers/:id/endorsement. */
export const EndorsementBody = z.strictObject({ endorsed: z.boolean() });
export type EndorsementBody = z.infer<typeof EndorsementBody>;

/**
 * One student answer. `authorName` only for the course's admins (null for classmates, who see "A
 * classmate"); `text`, the Markdown source, only for its author, who edits it.
 */
export const StudentAnswerDto = z.object({
  _id: z.string(),
  questionId: z.string(),
  own: z.boolean(),
  authorName: z.string().nullable(),
  text: z.string().nullable(),
  textHtml: z.string(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  endorsed: z.boolean(),
  /** Hidden by the course's admins (issue 24, flags): then listed for its author and the admins only. */
  hidden: z.boolean(),
});
export type StudentAnswerDto = z.infer<typeof StudentAnswerDto>;

/**
 * GET /api/questions/:id/student-answers, oldest first. `canAnswer`: the caller may post one now (the
 * course allows it, the question is not theirs, they have none yet); `canEndorse`: they administer its course.
 */
export const StudentAnswerList = z.object({
  answers: z.array(StudentAnswerDto),
  canAnswer: z.boolean(),
  canEndorse: z.boolean(),
});
export type StudentAnswerList = z.infer<typeof StudentAnswerList>;

/**
 * GET /api/videos/:videoId/open-questions: classmates' questions on the video still waiting for an
 * answer, in the caller's courses that allow student answers; never who asked.
 */
export const OpenQuestionDto = z.object({
  _id: z.string(),
  question: z.string(),
  timeAsked: z.number(),
  timePosted: z.string(),
});
export type OpenQuestionDto = z.infer<typeof OpenQuestionDto>;
export const OpenQuestionList = z.object({ questions: z.array(OpenQuestionDto) });
export type OpenQuestionList = z.infer<typeof OpenQuestionList>;

/** What the card and the lists say of the endorsed answer (issue 24). */
export const ENDORSED_BY_INSTRUCTOR = 'Endorsed by the instructor';
