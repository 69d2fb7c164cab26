// Wire contracts of the meetings feature (SPEC §7 "Questions and meetings": GET /api/bbb/startMeeting and
// GET /api/bbb/recordResponse). The names stay the spec's whichever meeting provider runs (DESIGN §11).
import { z } from 'zod';
import { Id } from './common';

/** `questionText` is the spec's; the room is named from the stored question, so it is only accepted. */
export const MeetingQuery = z.strictObject({
  questionText: z.string().max(4000).optional(),
  questionID: Id,
});
export type MeetingQuery = z.infer<typeof MeetingQuery>;

/** Each caller receives only the URL that lets them in: the other one is an empty string (docs/decisions.md). */
export const StartMeetingAnswer = z.object({ studentURL: z.string(), professorURL: z.string() });
export type StartMeetingAnswer = z.infer<typeof StartMeetingAnswer>;

export const RecordResponseAnswer = z.object({ professorURL: z.string() });
export type RecordResponseAnswer = z.infer<typeof RecordResponseAnswer>;

/** POST /api/meetings/{questionId}/end: an instructor ends the question's room for everyone. */
export const MeetingParams = z.strictObject({ questionId: Id });

/**
 * POST /api/meetings/{questionId}/end: `discard` when the instructor chose not to make the recording the
 * answer (nobody else came: issue 21); the question then waits for an uploaded answer. No body: the
 * recording is the answer.
 */
export const EndMeetingBody = z.strictObject({ recording: z.enum(['answer', 'discard']) }).nullish();
export type EndMeetingBody = z.infer<typeof EndMeetingBody>;
