import type { EventType, StreamEvent, StreamEventOf } from '@lectern/shared';

/**
 * Who may receive an event, decided when it is written (features/events/delivery.ts applies it per reader):
 * - admins: the admins of a course holding the video (and the asker, for their own question);
 * - watchers: also whoever may watch the video (members of a released lecture holding it, and
 *   anyone subscribed to the video by link) — answered questions and their votes;
 * - members: admins, students of the course, and students of the lectures named;
 * - users: exactly the users named (`userIds`), nobody else, admins included (a live room's signals).
 */
export type Visibility = 'admins' | 'watchers' | 'members' | 'users';

export interface AudienceLecture {
  id: string;
  courseId: string;
  /** Epoch ms of lectureDateAvailable: students receive nothing of a lecture before its release. */
  availableAt: number;
}

export interface Audience {
  visibility: Visibility;
  courseIds: string[];
  lectures: AudienceLecture[];
  askerId?: string | null;
  /** visibility 'users' only: who receives it. */
  userIds?: string[];
}

/** What a browser may receive, without the id the outbox gives it: one shape per event type. */
export type EventPayload = PayloadOf<StreamEvent>;
/** The payload of one event type. */
export type EventPayloadOf<T extends EventType> = PayloadOf<StreamEventOf<T>>;
/**
 * What an emitter passes for an event of type T besides the type and the ids it fills in itself (`K`):
 * nothing for a type without more fields, and required when the type has required fields, so that a
 * missing or a foreign field fails the typecheck.
 */
export type EventExtra<T extends EventType, K extends string> = Omit<EventPayloadOf<T>, 'type' | K>;
export type EventExtraOption<T extends EventType, K extends string> = keyof EventExtra<T, K> extends never
  ? { extra?: never }
  : object extends EventExtra<T, K>
    ? { extra?: EventExtra<T, K> }
    : { extra: EventExtra<T, K> };
/** Distributes over the union, so that each type keeps exactly its own fields. */
type PayloadOf<E extends StreamEvent> = E extends unknown ? Omit<E, 'id' | 'own'> : never;

export interface DomainEvent {
  payload: EventPayload;
  audience: Audience;
}

export interface StoredEvent extends DomainEvent {
  id: number;
}

export function audienceOfLectures(
  visibility: Visibility,
  lectures: { id: string; courseId: string; lectureDateAvailable: Date }[],
  askerId?: string | null,
): Audience {
  return {
    visibility,
    courseIds: [...new Set(lectures.map((l) => l.courseId))],
    lectures: lectures.map((l) => ({
      id: l.id,
      courseId: l.courseId,
      availableAt: l.lectureDateAvailable.getTime(),
    })),
    askerId: askerId ?? null,
  };
}

export const courseAudience = (courseId: string): Audience => ({
  visibility: 'members',
  courseIds: [courseId],
  lectures: [],
});

/** To these users only (whatever their roles), e.g. a WebRTC signal to the one browser it is for. */
export const usersAudience = (userIds: string[]): Audience => ({
  visibility: 'users',
  courseIds: [],
  lectures: [],
  userIds,
});
