import type { StreamEvent } from '@lectern/shared';
import type { StoredEvent } from '../../events/domain-event';

/** What a stream's reader may see, refreshed while the stream is open. */
export interface ReaderScope {
  /** null: an anonymous viewer. */
  userId: string | null;
  adminCourseIds: ReadonlySet<string>;
  memberCourseIds: ReadonlySet<string>;
  memberLectureIds: ReadonlySet<string>;
  /** A video followed by link (`?videoId=`), checked watchable when the stream opened. */
  videoId: string | null;
}

/**
 * The event as this reader may receive it, or null. The same rules as the REST reads: admins of a
 * course holding the video see everything of it; the asker sees their own question; others see only
 * what "watchers" or "members" events allow, and nothing of an unreleased lecture (DESIGN §5.3, §5.4).
 * A "users" event reaches the users it names and no one else.
 */
export function deliverableTo(event: StoredEvent, reader: ReaderScope, now: number): StreamEvent | null {
  const { audience, payload } = event;
  const message: StreamEvent = { ...payload, id: String(event.id) };
  if (audience.visibility === 'users') {
    return reader.userId !== null && (audience.userIds ?? []).includes(reader.userId) ? message : null;
  }
  if (reader.userId !== null && audience.askerId === reader.userId) return { ...message, own: true };
  if (audience.courseIds.some((c) => reader.adminCourseIds.has(c))) return message;
  if (audience.visibility === 'admins') return null;

  const released = audience.lectures.filter((l) => l.availableAt <= now);
  const isMember = released.some(
    (l) => reader.memberCourseIds.has(l.courseId) || reader.memberLectureIds.has(l.id),
  );
  if (audience.visibility === 'members') {
    const courseWide = audience.lectures.length === 0;
    return (courseWide ? audience.courseIds.some((c) => reader.memberCourseIds.has(c)) : isMember)
      ? message
      : null;
  }
  const followsVideo = reader.videoId !== null && payload.videoId === reader.videoId && released.length > 0;
  return isMember || followsVideo ? message : null;
}
