import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import type { Audience, EventPayload } from './domain-event';

// Ephemeral notices (DESIGN §11, "signals are not events"): what matters only to whoever is connected
// at that moment travels to every instance as a PostgreSQL NOTIFY carrying its content (in process on
// PGlite), and is never stored. A reader who misses one loses nothing it needs: a room renegotiates,
// conversion progress comes again, and a session's end is also caught by the streams' periodic refresh
// and by the session caches, which forget everything when their connection comes back (NoticeBus.onResume).

export const NOTICES_CHANNEL = 'lectern_notices';

export type Notice =
  /** A stream message without an outbox row: a WebRTC signal, a conversion's progress. */
  | { kind: 'event'; payload: EventPayload; audience: Audience }
  /** Sessions were revoked: one (`sessionId`), or all of a user's but `exceptSessionId`. */
  | { kind: 'sessions.ended'; userId: string; sessionId?: string; exceptSessionId?: string }
  /** What a user's sessions carry (name, address) changed: kept copies of them must be read again. */
  | { kind: 'user.changed'; userId: string };

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. */
export const NOTICE_MAX_BYTES = 7_900;
/** Larger notices travel deflated (an SDP offer shrinks to about a third), marked by this prefix. */
const DEFLATED = 'z:';
const DEFLATE_ABOVE = 1_024;

export class NoticeTooLargeError extends Error {
  constructor() {
    super(`A notice must fit in ${NOTICE_MAX_BYTES} bytes`);
  }
}

export function encodeNotice(notice: Notice): string {
  const json = JSON.stringify(notice);
  const text = json.length <= DEFLATE_ABOVE ? json : DEFLATED + deflateRawSync(json).toString('base64');
  if (Buffer.byteLength(text) > NOTICE_MAX_BYTES) throw new NoticeTooLargeError();
  return text;
}

/** The notice, or null for anything this version cannot read. */
export function decodeNotice(text: string): Notice | null {
  try {
    const json = text.startsWith(DEFLATED)
      ? inflateRawSync(Buffer.from(text.slice(DEFLATED.length), 'base64')).toString()
      : text;
    const notice = JSON.parse(json) as Partial<Notice> | null;
    return notice?.kind === 'event' || notice?.kind === 'sessions.ended' || notice?.kind === 'user.changed'
      ? (notice as Notice)
      : null;
  } catch {
    return null;
  }
}

/**
 * Sends the notice to every instance: inside a transaction it leaves only if that commits. Throws
 * NoticeTooLargeError, before anything is sent, when it cannot fit.
 */
export async function publishNotice(db: DbOrTx, notice: Notice): Promise<void> {
  await db.execute(sql`select pg_notify(${NOTICES_CHANNEL}, ${encodeNotice(notice)})`);
}
