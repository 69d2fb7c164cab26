import type { AppDeps } from '../../app-deps';
import type { ReaderScope } from './delivery';
import { unauthorized } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { requireVisibleVideo } from '../access/public';
import { membershipsOf } from './reader-scope.repository';

/**
 * Who is opening a stream and what they may receive. A signed-in reader gets the events of their
 * courses; anyone, signed in or not, may also follow one video they may watch (`?videoId=`, SPEC §6:
 * video links are shareable). An anonymous caller with nothing to follow is refused.
 */
export async function openReader(
  deps: AppDeps,
  user: AuthUser | null,
  sessionId: string | null,
  videoId: string | undefined,
): Promise<{ sessionId: string | null; scope: ReaderScope }> {
  if (!user && !videoId) throw unauthorized();
  if (videoId) await requireVisibleVideo(deps.db, user, videoId, deps.clock());
  const memberships = user ? (await membershipsOf(deps.db, [user.id])).get(user.id)! : null;
  return {
    sessionId,
    scope: {
      userId: user?.id ?? null,
      administered: memberships?.administered ?? new Set(),
      joined: memberships?.joined ?? new Set(),
      joinedLectures: memberships?.joinedLectures ?? new Set(),
      videoId: videoId ?? null,
    },
  };
}

/** A Last-Event-ID we can resume from; anything else (absent, malformed) means "from now". */
export function parseLastEventId(header: string | string[] | undefined): number | null {
  const value = Array.isArray(header) ? header[0] : header;
  return value !== undefined && /^\d{1,15}$/.test(value) ? Number(value) : null;
}
