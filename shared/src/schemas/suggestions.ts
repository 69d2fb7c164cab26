// Wire contracts of question suggestions (issue 24): while a student types a question, the earlier answered
// questions that may already answer it.
import { z } from 'zod';
import { MAX_POSSIBLE_ANSWERS_BATCH, MAX_SUGGESTION_QUERY, MAX_SUGGESTIONS } from '../constants';
import { Id } from './common';

// C0 and C1 control characters other than tab and line breaks: a query holding them is binary, not typed.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

export const SuggestionParams = z.strictObject({ videoId: Id });

/** GET /api/videos/:videoId/suggestions?q=…&t=…&lectureId=… */
export const SuggestionQuery = z.strictObject({
  q: z
    .string()
    .max(MAX_SUGGESTION_QUERY, `Type at most ${MAX_SUGGESTION_QUERY} characters`)
    .refine((q) => !CONTROL.test(q), 'The text holds control characters'),
  /** The moment of the video the student is at, in seconds. */
  t: z.coerce.number().min(0).max(1e6).default(0),
  /** The lecture the page was opened from: its other videos weigh more than the rest of the course. */
  lectureId: Id.optional(),
});
export type SuggestionQuery = z.infer<typeof SuggestionQuery>;

/** How an answer answers: a video, a text (issue 24, "Answers in words"), or both. */
export const ANSWER_KINDS = ['video', 'text', 'both'] as const;
export type AnswerKind = (typeof ANSWER_KINDS)[number];

export const SuggestionDto = z.strictObject({
  questionId: z.string(),
  videoId: z.string(),
  /** The moment the question was asked, in seconds into its video. */
  time: z.number(),
  question: z.string(),
  answer: z.strictObject({
    kind: z.enum(ANSWER_KINDS),
    responseId: z.string(),
    /** Seconds; null while unknown. */
    durationSeconds: z.number().nullable(),
  }),
});
export type SuggestionDto = z.infer<typeof SuggestionDto>;

export const SuggestionList = z.array(SuggestionDto).max(MAX_SUGGESTIONS);

export const SuggestionAcceptParams = z.strictObject({ videoId: Id, questionId: Id });

/**
 * GET /api/questions/:id/possible-answers (issue 24, "The instructor reuses answers"): answered questions
 * like a waiting one, from the courses the instructor administers, with the course each was asked in.
 */
export const PossibleAnswerDto = SuggestionDto.extend({ courseName: z.string() });
export type PossibleAnswerDto = z.infer<typeof PossibleAnswerDto>;
export const PossibleAnswerList = z.array(PossibleAnswerDto).max(MAX_SUGGESTIONS);

/**
 * GET /api/questions/possible-answers?ids=…,…: the possible answers of several waiting questions in one
 * read (Action Items), by question id; each list as GET /api/questions/:id/possible-answers gives it.
 */
export const PossibleAnswersQuery = z.strictObject({
  ids: z
    .string()
    .transform((ids) => [...new Set(ids.split(',').filter(Boolean))])
    .pipe(z.array(Id).min(1).max(MAX_POSSIBLE_ANSWERS_BATCH)),
});
export const PossibleAnswersByQuestion = z.record(z.string(), PossibleAnswerList);
export type PossibleAnswersByQuestion = z.infer<typeof PossibleAnswersByQuestion>;

/** POST /api/questions/:id/linked-answer: the answered question whose answer becomes this one's too. */
export const LinkAnswerBody = z.strictObject({ answeredQuestionId: Id });
export type LinkAnswerBody = z.infer<typeof LinkAnswerBody>;
