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
  runsHomeOf,
} from '../access/public';
import { followUpsAnsweredBy, questionsAnsweredBy } from './captions.repository';

// Captions follow their video (issue 13): whoever may watch a lecture video may read its captions (404
// before release, DESIGN §5.4), and only the admins of a course holding it may change them. An answer video
// follows the questions it answers, as their lists show them: read by whoever may watch their video, a
// hidden question's (issue 24, flags) only by its asker and its home course's admins, who alone then change
// them. A follow-up's answer video follows its follow-up: read by whoever may read that follow-up (a hidden
// one, or one under a hidden question, by the admins and its author or asker only, as GET .../follow-ups
// lists them).

async function visibleTo(deps: AppDeps, user: AuthUser | null, videoId: string) {
  return requireVisibleVideo(deps.db, user, videoId, deps.clock()).catch(() => null);
}

type AnsweredQuestion = Awaited<ReturnType<typeof questionsAnsweredBy>>[number];
type AnsweredFollowUp = Awaited<ReturnType<typeof followUpsAnsweredBy>>[number];

/**
 * The caller's access to the question `q` as its video's lists show it (questionAllows), else null;
 * `runsHome` when they administer its home course, where rights over it come from (issue 20).
 */
async function questionAccess(deps: AppDeps, user: AuthUser | null, q: AnsweredQuestion) {
  const access = await visibleTo(deps, user, q.videoId);
  if (!access) return null;
  const reader = {
    userId: user?.id ?? null,
    adminOfVideo: access.isAdmin,
    administered: access.adminCourseIds,
  };
  return questionAllows(reader, q.question) ? { ...access, runsHome: runsHomeOf(reader, q.question) } : null;
}

/** The caller's access to a question's answer video: as to the question; a hidden one's admins are its home's. */
async function answerAccess(deps: AppDeps, user: AuthUser | null, q: AnsweredQuestion) {
  const access = await questionAccess(deps, user, q);
  return access && { ...access, isAdmin: q.question.hiddenAt === null ? access.isAdmin : access.runsHome };
}

/** The caller's access to a follow-up's answer video: as to the follow-up (members only), else null. */
async function followUpAccess(deps: AppDeps, user: AuthUser | null, f: AnsweredFollowUp) {
  if (user === null) return null;
  const access = await questionAccess(deps, user, f);
  if (!access) return null;
  // The thread is administered from the question's home course alone.
  if (access.runsHome) return access;
  const roles = await Promise.all(access.lectures.map((l) => lectureRole(deps.db, user, l)));
  if (roles.every((role) => role === 'none')) return null;
  return postAllows(memberReader(user.id), f.followUp) ? { ...access, isAdmin: false } : null;
}

/** Who may read `responseId` (and whether as an admin): an answer's questions, or its follow-ups. */
async function accessToAnswer(deps: AppDeps, user: AuthUser | null, responseId: string) {
  const [asAnswer, asFollowUpAnswer] = await Promise.all([
    questionsAnsweredBy(deps.db, responseId).then((rows) =>
      Promise.all(rows.map((q) => answerAccess(deps, user, q))),
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
