import type { CaptionOwner } from '@lectern/shared';
import type { AppDeps } from '../../app-deps';
import { forbidden, notFound } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import {
  lectureRole,
  memberReader,
  postAllows,
  questionAllows,
  requireVideoAdmin,
  requireVisibleVideo,
} from '../access/public';
import { followUpsAnsweredBy, questionVideosAnsweredBy } from './captions.repository';

// Captions follow their video (issue 13): whoever may watch a lecture video may read its captions (404
// before release, DESIGN §5.4), and only the admins of a course holding it may change them. An answer video
// follows the lecture videos whose questions it answers, as GET /api/upload/videoAnswers does; a follow-up's
// answer video follows its follow-up: read by whoever may read that follow-up (a hidden one, or one under
// a hidden question, by the admins and its author or asker only, as GET .../follow-ups lists them).

async function visibleTo(deps: AppDeps, user: AuthUser | null, videoId: string) {
  return requireVisibleVideo(deps.db, user, videoId, deps.clock()).catch(() => null);
}

type FollowUpReaders = Awaited<ReturnType<typeof followUpsAnsweredBy>>[number];

/** The caller's access to a follow-up's answer video: as to the follow-up (members only), else null. */
async function followUpAccess(deps: AppDeps, user: AuthUser | null, f: FollowUpReaders) {
  const access = await visibleTo(deps, user, f.videoId);
  if (!access || user === null) return null;
  // Rights over the thread come from the question's home course (issue 20), not a concurrent copy.
  const home = f.question.homeCourseId;
  const admin = home === null ? access.isAdmin : access.adminCourseIds.has(home);
  if (admin) return access;
  const roles = await Promise.all(access.lectures.map((l) => lectureRole(deps.db, user, l)));
  if (roles.every((role) => role === 'none')) return null;
  // A member who runs no home course: the question as listed for them, then the follow-up under it.
  const reader = memberReader(user.id);
  return questionAllows(reader, f.question) && postAllows(reader, f.followUp)
    ? { ...access, isAdmin: false }
    : null;
}

/** Who may read `responseId` (and whether as an admin): an answer's lecture video, or its follow-up. */
async function accessToAnswer(deps: AppDeps, user: AuthUser | null, responseId: string) {
  const [asAnswer, asFollowUpAnswer] = await Promise.all([
    questionVideosAnsweredBy(deps.db, responseId).then((ids) =>
      Promise.all(ids.map((id) => visibleTo(deps, user, id))),
    ),
    followUpsAnsweredBy(deps.db, responseId).then((rows) =>
      Promise.all(rows.map((f) => followUpAccess(deps, user, f))),
    ),
  ]);
  return [...asAnswer, ...asFollowUpAnswer];
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
  const access = await accessToAnswer(deps, user, ownerId);
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
  const access = await accessToAnswer(deps, user, ownerId);
  if (!access.some(Boolean)) throw notFound('Response not found');
  if (!access.some((a) => a?.isAdmin)) throw forbidden('Only the course administrators can do that');
}
