import { z } from 'zod';
import { Id } from './common';
import { EVENT_TYPES } from '../wire';
import { RoomSignalBody } from './rooms';

// GET /api/events: the Server-Sent Events stream (one per browser tab). Each SSE message carries
// `id: <event id>`, `event: <type>` and `data: <StreamEvent as JSON>`. Events name what changed, never
// its content: the browser refetches through the REST reads, which apply every access rule, so an
// event leaks nothing a read would not. Events are filtered per reader on the server all the same
// (a student never learns that another student's unanswered question exists).

export const EventType = z.enum(EVENT_TYPES);
export type EventType = z.infer<typeof EventType>;

export const StreamEvent = z.object({
  /** The event's id, also sent as the SSE `id:` line (a decimal string; ids only grow). */
  id: z.string(),
  type: EventType,
  videoId: z.string().optional(),
  questionId: z.string().optional(),
  responseId: z.string().optional(),
  /** Only on lecture and course events, and only to the course's own members and admins. */
  lectureId: z.string().optional(),
  courseId: z.string().optional(),
  /** question.status: the new status. */
  status: z.enum(['live', 'processing']).nullable().optional(),
  /** video.processing: 0–100. */
  progress: z.number().optional(),
  /** video.failed: why, for the instructor; meeting.ended: `unattended` when no instructor came in time. */
  reason: z.string().optional(),
  /** room.presence: the asker is in the room and no instructor is (the instructor's "student waiting"). */
  waiting: z.boolean().optional(),
  /** room.signal only, and only to its addressee: WebRTC signalling between two browsers in a room. */
  signal: RoomSignalBody.optional(),
  /** True when the reader asked this question (the asker's "your question was answered" notice). */
  own: z.boolean().optional(),
});
export type StreamEvent = z.infer<typeof StreamEvent>;

/** GET /api/events?videoId=…: also receive the answered-question events of a video one may watch. */
export const EventsQuery = z.strictObject({ videoId: Id.optional() });
