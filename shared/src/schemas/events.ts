import { z } from 'zod';
import { Id } from './common';
import { CAPTION_OWNERS, EVENT_TYPES } from '../wire';
import { RoomSignalBody } from './rooms';

// GET /api/events: the Server-Sent Events stream (one per browser tab). Each SSE message carries
// `id: <event id>`, `event: <type>` and `data: <StreamEvent as JSON>`. Events name what changed, never
// its content: the browser refetches through the REST reads, which apply every access rule, so an
// event leaks nothing a read would not. Events are filtered per reader on the server all the same
// (a student never learns that another student's unanswered question exists).

export const EventType = z.enum(EVENT_TYPES);
export type EventType = z.infer<typeof EventType>;

/** Every message: its id (also the SSE `id:` line, a decimal string; ids only grow) and whether it is the reader's own. */
const message = {
  id: z.string(),
  /** True when the reader asked this question (the asker's "your question was answered" notice). */
  own: z.boolean().optional(),
};
const QuestionEventStatus = z.enum(['live', 'processing']).nullable();
const ofQuestion = { ...message, videoId: z.string(), questionId: z.string() };
const ofVideo = { ...message, videoId: z.string() };
const event = <T extends EventType, F extends z.ZodRawShape>(type: T, fields: F) =>
  z.object({ type: z.literal(type), ...fields });

/** One shape per event type, with exactly the fields that type carries: a wrong field fails the typecheck. */
export const StreamEvent = z.discriminatedUnion('type', [
  /** status: 'live' for a question asked for a live answer, else null. */
  event('question.asked', { ...ofQuestion, status: QuestionEventStatus }),
  event('question.answered', { ...ofQuestion, responseId: z.string() }),
  /** The question's new status. */
  event('question.status', { ...ofQuestion, status: QuestionEventStatus }),
  event('question.edited', ofQuestion),
  event('question.deleted', ofQuestion),
  event('vote.changed', ofQuestion),
  /** progress (0–100) only on the ephemeral notices of a running conversion, not on the queued video's event. */
  event('video.processing', { ...ofVideo, progress: z.number().optional() }),
  event('video.ready', ofVideo),
  /** reason: why, for the instructor. */
  event('video.failed', { ...ofVideo, reason: z.string() }),
  /** Only to the course's own members and admins. */
  event('lecture.changed', { ...message, lectureId: z.string(), courseId: z.string() }),
  event('course.changed', { ...message, courseId: z.string() }),
  event('meeting.opened', ofQuestion),
  event('meeting.joined', ofQuestion),
  /** reason: `unattended` when no instructor came in time, `failed` when the recording failed. */
  event('meeting.ended', { ...ofQuestion, reason: z.string().optional() }),
  /** waiting: the asker is in the room and no instructor is (the instructor's "student waiting"). */
  event('room.presence', { ...ofQuestion, waiting: z.boolean() }),
  /** Only to its addressee: WebRTC signalling between two browsers in a room. */
  event('room.signal', { ...message, questionId: z.string(), signal: RoomSignalBody }),
  /**
   * Only to the admins of the lectures holding the video (or answered by the answer): its automatic
   * captions changed state; progress (0–100) only on the ephemeral notices of a running transcription.
   */
  event('captions.automatic', {
    ...message,
    owner: z.enum(CAPTION_OWNERS),
    ownerId: z.string(),
    progress: z.number().optional(),
  }),
  /** A follow-up under an answered question changed; to those who may read the question's follow-ups. */
  event('followup.changed', { ...ofQuestion, followUpId: z.string() }),
  /** A student answer changed; to those who may read the question's student answers. */
  event('studentanswer.changed', { ...ofQuestion, studentAnswerId: z.string() }),
]);
export type StreamEvent = z.infer<typeof StreamEvent>;
/** The event of one type. */
export type StreamEventOf<T extends EventType> = Extract<StreamEvent, { type: T }>;

// Every event type has its shape, and no shape has a type the wire does not name.
type Covered = StreamEvent['type'];
const everyTypeCovered: [EventType] extends [Covered]
  ? [Covered] extends [EventType]
    ? true
    : never
  : never = true;
void everyTypeCovered;

/** GET /api/events?videoId=…: also receive the answered-question events of a video one may watch. */
export const EventsQuery = z.strictObject({ videoId: Id.optional() });
