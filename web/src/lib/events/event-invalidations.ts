import {
  EVENT_TYPES,
  type EventType,
  RESYNC_EVENT,
  type StreamEvent,
  type StreamEventOf,
} from '@lectern/shared';
import type { QueryClient } from '@tanstack/react-query';
import { type QueryKey, queryKeys as k } from '../query-keys';

// The one mapping from a pushed event to the cached reads it makes stale. Events name what changed,
// never its content (shared/schemas/events.ts): the app refetches through the REST reads.

/** What one SSE message means to the app: an event, "refetch everything", or nothing it knows. */
export type StreamSignal = { kind: 'event'; event: StreamEvent } | { kind: 'resync' } | { kind: 'ignored' };

/** Unknown event names and malformed data are ignored: a newer server may send more than this app knows. */
export function readSignal(eventName: string, data: string): StreamSignal {
  if (eventName === RESYNC_EVENT) return { kind: 'resync' };
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return { kind: 'ignored' };
  }
  const event = asStreamEvent(json);
  if (!event || event.type !== eventName) return { kind: 'ignored' };
  return { kind: 'event', event };
}

/**
 * The fields the app acts on, checked by hand rather than with the StreamEvent schema: this runs on every
 * page, and zod would add ~80 KB to the first load for it (issue 11 #14).
 */
function asStreamEvent(json: unknown): StreamEvent | undefined {
  if (typeof json !== 'object' || json === null) return undefined;
  const { id, type } = json as Record<string, unknown>;
  const known = (EVENT_TYPES as readonly unknown[]).includes(type);
  return typeof id === 'string' && known ? (json as StreamEvent) : undefined;
}

const videoReads = (videoId: string) => k.questions.ofVideo(videoId);
const oneQuestion = (id: string) => [k.questions.one(id)];
const lecture = (id: string) => [
  k.lectures.detail(id),
  k.lectures.videos(id),
  k.lectures.ltiGradebook(id),
  k.questions.lecture(id),
];
const room = (id: string) => [k.meetings.room(id)];

/** Each type's reads, from the fields that type carries (a field it lacks fails the typecheck). */
type Mapping = { [T in EventType]: (e: StreamEventOf<T>) => QueryKey[] };

const MAPPING: Mapping = {
  // Seen by course admins: the lists of questions needing a response (Home, Action Items, /videoAdmin).
  'question.asked': (e) => [k.questions.managedAll, k.questions.lectureAll, videoReads(e.videoId)],
  // Also seen by the asker, whose Home says where their question stands (issue 11 #1).
  'question.status': (e) => [
    k.questions.managedAll,
    k.questions.ownAll,
    k.questions.lectureAll,
    videoReads(e.videoId),
    ...oneQuestion(e.questionId),
  ],
  // An answer, an edit or a deletion can move a question between every list: all question reads.
  'question.answered': () => [k.questions.all],
  'question.edited': () => [k.questions.all],
  'question.deleted': () => [k.questions.all],
  // A follow-up posted, answered, deleted, flagged or hidden: its question's follow-ups and the instructor's lists.
  'followup.changed': (e) => [
    k.questions.followUps(e.questionId),
    k.questions.followUpsWaiting,
    k.questions.flagged,
  ],
  // A student answer posted, edited, endorsed, deleted, flagged or hidden: its question's list and the
  // instructor's flagged posts (the endorsement's answer travels as question.answered or question.edited).
  'studentanswer.changed': (e) => [k.questions.studentAnswers(e.questionId), k.questions.flagged],
  'vote.changed': (e) => [
    videoReads(e.videoId),
    k.questions.lectureAll,
    k.questions.courseAll,
    ...oneQuestion(e.questionId),
  ],
  // No screen shows processing progress yet; refetching on every percent would only cost requests.
  'video.processing': () => [],
  'video.ready': (e) => [videoReads(e.videoId), k.lectures.all],
  'video.failed': (e) => [videoReads(e.videoId), k.lectures.all],
  'lecture.changed': (e) => [...lecture(e.lectureId), k.courses.all, k.dashboard.all, k.questions.all],
  'course.changed': () => [k.courses.all, k.lectures.all, k.dashboard.all, k.questions.all],
  // A room opening, an instructor arriving or the room ending: the room's state and the instructor's lists.
  'meeting.opened': (e) => [...room(e.questionId), k.questions.managedAll],
  'meeting.joined': (e) => [...room(e.questionId), k.questions.managedAll],
  'meeting.ended': (e) => [...room(e.questionId), k.questions.managedAll, ...oneQuestion(e.questionId)],
  // Someone came into a live room or left it: the cards that say whether the student is there (issue 21).
  // The room page and the waiting alert also listen for it (useStreamEvents).
  'room.presence': (e) => [k.meetings.presence(e.questionId)],
  'room.signal': () => [],
  // A running transcription's progress moves its state only; any other change may bring a new track.
  'captions.automatic': (e) =>
    e.progress === undefined
      ? [k.captions.tracks(e.owner, e.ownerId)]
      : [k.captions.automatic(e.owner, e.ownerId)],
};

/** The query keys (prefixes) an event makes stale; 'all' for a resync. */
export function invalidationsFor(signal: StreamSignal): QueryKey[] | 'all' {
  if (signal.kind === 'resync') return 'all';
  if (signal.kind === 'ignored') return [];
  return keysOf(signal.event);
}

function keysOf<T extends EventType>(event: StreamEventOf<T>): QueryKey[] {
  const keys: Mapping[T] = MAPPING[event.type];
  return keys(event);
}

/** Marks the reads an SSE message makes stale; the ones on screen refetch at once. */
export async function applySignal(client: QueryClient, signal: StreamSignal): Promise<void> {
  const keys = invalidationsFor(signal);
  if (keys === 'all') return client.invalidateQueries();
  await Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));
}
