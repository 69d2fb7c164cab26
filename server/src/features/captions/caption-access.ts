import type { CaptionOwner } from '@lectern/shared';
import type { AppDeps } from '../../app-deps';
import { forbidden, notFound } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { requireVideoAdmin, requireVisibleVideo } from '../access/public';
import { videosAnsweredBy } from './captions.repository';

// Captions follow their video (issue 13): whoever may watch a lecture video may read its captions (404
// before release, DESIGN §5.4), and only the admins of a course holding it may change them. An answer video
// follows the lecture videos whose questions it answers, as GET /api/upload/videoAnswers does.

async function visibleTo(deps: AppDeps, user: AuthUser | null, videoId: string) {
  return requireVisibleVideo(deps.db, user, videoId, deps.clock()).catch(() => null);
}

/** 404 unless the caller may watch the video or answer. */
export async function requireReadableOwner(
  deps: AppDeps,
  user: AuthUser | null,
  owner: CaptionOwner,
  ownerId: string,
): Promise<void> {
  if (owner === 'video') {
    await requireVisibleVideo(deps.db, user, ownerId, deps.clock());
    return;
  }
  const access = await Promise.all(
    (await videosAnsweredBy(deps.db, ownerId)).map((id) => visibleTo(deps, user, id)),
  );
  if (!access.some(Boolean)) throw notFound('Response not found');
}

/** 404 unless the caller may watch it, 403 unless they administer a course holding it. */
export async function requireOwnerAdmin(
  deps: AppDeps,
  user: AuthUser,
  owner: CaptionOwner,
  ownerId: string,
): Promise<void> {
  if (owner === 'video') {
    await requireVideoAdmin(deps.db, user, ownerId, deps.clock());
    return;
  }
  const access = await Promise.all(
    (await videosAnsweredBy(deps.db, ownerId)).map((id) => visibleTo(deps, user, id)),
  );
  if (!access.some(Boolean)) throw notFound('Response not found');
  if (!access.some((a) => a?.isAdmin)) throw forbidden('Only the course administrators can do that');
}
