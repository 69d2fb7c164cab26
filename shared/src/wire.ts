// Names, paths and texts of the API contract as plain values, apart from the zod schemas that use them:
// the web app reads these on every page, and importing a schema module would bring zod (~25 KB gzip)
// into its first load (issue 11 #14). Re-exported by index.ts like everything else.
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './constants';

export const PASSWORD_RULE = `Passwords must be ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters long.`;

export const INVALID_YOUTUBE_LINK = 'Enter a valid YouTube link (youtube.com/watch?v=… or youtu.be/…)';

/** The events of GET /api/events (schemas/events.ts). */
export const EVENT_TYPES = [
  'question.asked',
  'question.answered',
  'question.status',
  'question.edited',
  'question.deleted',
  'vote.changed',
  'video.processing',
  'video.ready',
  'video.failed',
  'lecture.changed',
  'course.changed',
  // A question's room (issue 10): to the asker and the course admins only, like an unanswered question.
  'meeting.opened',
  'meeting.joined',
  'meeting.ended',
  // A built-in room's presence (asker and admins) and signalling (one addressee) (issue 10).
  'room.presence',
  'room.signal',
  // Automatic captions of a video or answer (issue 25): its admins only.
  'captions.automatic',
  // A follow-up under an answered question was posted, answered or deleted (issue 24): its watchers.
  'followup.changed',
  // A student's answer to a classmate's question was posted, edited, endorsed or deleted (issue 24).
  'studentanswer.changed',
] as const;

/** SSE event name sent when the server cannot replay from the given Last-Event-ID: refetch everything. */
export const RESYNC_EVENT = 'resync';

// Resumable uploads (tus at /tus/). The client sends Upload-Metadata with `kind` and the kind's fields;
// the server answers the final PATCH with the created object's id in a header (schemas/videos.ts).
export const TUS_ENDPOINT = '/tus/';
export const UPLOAD_KINDS = {
  lectureVideo: 'lectureVideo',
  response: 'response',
  followUpAnswer: 'followUpAnswer',
} as const;

/** What a caption track belongs to: a lecture video, or an answer (response) video. */
export const CAPTION_OWNERS = ['video', 'response'] as const;

/**
 * Where a video's automatic captions stand (issue 25): `none` (never asked), `queued`, `transcribing`,
 * `done`, `failed` (with a reason), `unavailable` (no engine installed: the reason says how to add one) or
 * `skipped` (a hand-made track came first: automatic captions never replace one).
 */
export const AUTO_CAPTION_STATES = [
  'none',
  'queued',
  'transcribing',
  'done',
  'failed',
  'unavailable',
  'skipped',
] as const;
export type AutoCaptionState = (typeof AUTO_CAPTION_STATES)[number];
/** The `source` of caption versions made by speech recognition starts with this. */
export const AUTOMATIC_CAPTION_SOURCE = 'speech-to-text:';

/** The only status the spec names; anything else is sent as null and shown as the last-active time. */
export const CURRENTLY_WATCHING = 'currently watching';

/** Where the web downloads the CSV export (the file name is usageCsvFileName in constants.ts). */
export const usageCsvPath = (videoId: string): string =>
  `/api/admin/logs/video/${encodeURIComponent(videoId)}/student-activity.csv`;

// The built-in live room (schemas/rooms.ts).
/** A small mesh: the asker, the instructor and co-admins (each browser sends to every other). */
export const ROOM_MAX_PEERS = 4;
/**
 * An SDP offer with audio, video and many codecs is ~8 KB; candidates are a few hundred bytes. A signal
 * travels in one PostgreSQL NOTIFY, deflated (server/src/events/notices.ts): one that does not fit even
 * so is refused with 413, whatever its length.
 */
export const ROOM_MAX_SIGNAL_BYTES = 16 * 1024;
/** A browser says it is still there this often; one unheard for ROOM_PEER_TIMEOUT_MS has left. */
export const ROOM_HEARTBEAT_MS = 10_000;
export const ROOM_PEER_TIMEOUT_MS = 30_000;

/**
 * What a member may flag and a course's admins hide (issue 24): a question, a follow-up under one, or a
 * student's answer to one.
 * A new kind of post is one more name here and one entry in the server's POST_KIND_RULES.
 */
export const POST_KINDS = ['question', 'followUp', 'studentAnswer'] as const;
