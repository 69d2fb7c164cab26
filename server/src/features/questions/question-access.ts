import type { DbOrTx } from '../../db/client';
import { forbidden, notFound } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import {
  type LectureRow,
  findLecture,
  isCourseAdmin,
  type Role,
  type VideoAccess,
  lectureRole,
  requireVisibleVideo,
} from '../access/public';
import { type QuestionRecord, findQuestion } from './questions.repository';

// A question belongs to a video, so every lecture holding the video (concurrent copies included) shows
// it; but it is asked in one lecture, its home, and only that course's admins may act on it (issue 12,
// item 10). Permission decisions stay in the access feature.

export interface VideoRole {
  role: Role;
  access: VideoAccess;
  /** Visible lectures holding the video, earliest lecture date first. */
  lectures: LectureRow[];
  /** The first of those the caller belongs to (admin or student), if any. */
  memberLecture: LectureRow | null;
}

/** 404 if the video is hidden from the caller; otherwise their role on it. */
export async function videoRole(
  db: DbOrTx,
  user: AuthUser | null,
  videoId: string,
  now: Date,
): Promise<VideoRole> {
  const access = await requireVisibleVideo(db, user, videoId, now);
  const lectures = [...access.lectures].sort(
    (a, b) => a.lectureDate.getTime() - b.lectureDate.getTime() || a.id.localeCompare(b.id),
  );
  if (access.isAdmin) {
    const memberLecture = lectures.find((l) => access.adminCourseIds.has(l.courseId)) ?? null;
    return { role: 'admin', access, lectures, memberLecture };
  }
  for (const lecture of lectures) {
    if ((await lectureRole(db, user, lecture)) !== 'none')
      return { role: 'student', access, lectures, memberLecture: lecture };
  }
  return { role: 'none', access, lectures, memberLecture: null };
}

/** The question and the caller's role on it; 404 unknown or hidden. */
export async function loadQuestion(
  db: DbOrTx,
  user: AuthUser,
  questionId: string,
  now: Date,
): Promise<{ question: QuestionRecord } & VideoRole> {
  const question = await findQuestion(db, questionId);
  if (!question) throw notFound('Question not found');
  return { question, ...(await videoRole(db, user, question.videoId, now)) };
}

/** Course members and admins of a course holding the question's video. */
export async function requireQuestionMember(db: DbOrTx, user: AuthUser, questionId: string, now: Date) {
  const loaded = await loadQuestion(db, user, questionId, now);
  if (loaded.role === 'none') throw forbidden('Join this course first');
  return loaded;
}

/**
 * The caller administers the course the question was asked in. When that lecture is gone the question
 * has no home left, and the admins of the courses still holding its video look after it.
 */
async function administersHome(db: DbOrTx, user: AuthUser, question: QuestionRecord, access: VideoAccess) {
  const home = question.lectureId === null ? null : await findLecture(db, question.lectureId);
  if (!home) return access.isAdmin;
  return isCourseAdmin(db, user.id, home.courseId);
}

/**
 * Whether the caller administers the question: an admin of its home course, not of a course holding a
 * concurrent copy of its lecture (issue 20: rights over a question come from the asker's course only).
 */
export const isQuestionAdmin = async (
  db: DbOrTx,
  user: AuthUser,
  loaded: { question: QuestionRecord } & VideoRole,
) => loaded.role === 'admin' && (await administersHome(db, user, loaded.question, loaded.access));

/** Admins of the question's home course: even the asker may not edit (SECURITY AC-5). */
export async function requireQuestionAdmin(db: DbOrTx, user: AuthUser, questionId: string, now: Date) {
  const loaded = await loadQuestion(db, user, questionId, now);
  if (!(await isQuestionAdmin(db, user, loaded)))
    throw forbidden('Only the course administrators can do that');
  return loaded;
}

/**
 * The question as a member reads it, and whether the caller administers it: 404 unless it is listed for
 * them (answered and not hidden, or their own, or administered by them: the visibility policy's rule).
 */
export async function readQuestion(db: DbOrTx, user: AuthUser, questionId: string, now: Date) {
  const loaded = await requireQuestionMember(db, user, questionId, now);
  const admin = await isQuestionAdmin(db, user, loaded);
  const { question } = loaded;
  const listed = question.responseId !== null && question.hiddenAt === null;
  if (!listed && !admin && question.askerId !== user.id) throw notFound('Question not found');
  return { question, admin };
}
