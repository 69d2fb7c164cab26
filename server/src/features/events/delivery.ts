import type { StreamEvent } from '@lectern/shared';
import type { AudienceLecture, StoredEvent } from '../../events/domain-event';
import {
  ANYONE,
  type LectureRule,
  type Memberships,
  type Standing,
  lectureAllows,
  seesCourse,
  standingIn,
} from '../access/public';

/** What a stream's reader may see, refreshed while the stream is open. */
export interface ReaderScope extends Memberships {
  /** null: an anonymous viewer. */
  userId: string | null;
  /** A video followed by link (`?videoId=`), checked watchable when the stream opened. */
  videoId: string | null;
}

/**
 * The event as this reader may receive it, or null. The same rules as the REST reads, from the one
 * visibility policy (features/access/visibility.ts): admins of a course holding the video see everything
 * of it; the asker sees their own question while its lecture is visible to them; others see only what "watchers" or "members" events allow,
 * and nothing of a lecture they may not see yet (DESIGN §5.3, §5.4). A "users" event reaches the users
 * it names and no one else.
 */
export function deliverableTo(event: StoredEvent, reader: ReaderScope, now: number): StreamEvent | null {
  const { audience, payload } = event;
  const message: StreamEvent = { ...payload, id: String(event.id) };
  if (audience.visibility === 'users') {
    return reader.userId !== null && (audience.userIds ?? []).includes(reader.userId) ? message : null;
  }
  const someLecture = (rule: LectureRule, standingOf: (l: AudienceLecture) => Standing) =>
    audience.lectures.some((l) => lectureAllows(rule, standingOf(l), l, now));
  const ofReader = (l: AudienceLecture) => standingIn(reader, l);
  const isAsker = reader.userId !== null && audience.askerId === reader.userId;
  if (isAsker && someLecture('sees', ofReader)) return { ...message, own: true };
  if (audience.courseIds.some((c) => reader.administered.has(c))) return message;
  if (audience.visibility === 'admins') return null;

  const attends = someLecture('attends', ofReader);
  if (audience.visibility === 'members') {
    const courseWide = audience.lectures.length === 0;
    return (courseWide ? audience.courseIds.some((c) => seesCourse(reader, c)) : attends) ? message : null;
  }
  const followsVideo =
    reader.videoId !== null &&
    'videoId' in payload &&
    payload.videoId === reader.videoId &&
    someLecture('sees', () => ANYONE);
  return attends || followsVideo ? message : null;
}
