import type { AppDeps } from '../../app-deps';
import { forbidden, notFound } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { findLecture } from '../access/access.repository';
import { isReleased, lectureRoleIn } from '../access/access.service';
import { mediaUrlPeriod } from '../../lib/media-urls';
import type { LectureQuestionsCache } from './lecture-questions.cache';
import { type LectureSnapshot, answerFor, buildSnapshot, etagFor } from './lecture-snapshot';
import { type LectureViewerRow, loadLectureViewer } from './lecture-viewer.query';
import { listQuestions } from './question-list.query';

export type LecturePollCache = LectureQuestionsCache<LectureViewerRow>;

export interface LecturePoll {
  etag: string;
  /** The answer as JSON text, made only when the client's copy is not current. */
  body(): Buffer | string;
}

/**
 * GET /api/questions/lecture-questions/{id}, the 7 s poll of a whole class (SPEC §4, issue 14). The
 * lecture's questions come from a snapshot shared by every poller and the caller's memberships and votes
 * from one statement, both kept until an event says they changed; so an unchanged poll is answered from
 * memory after the session check, and a changed one costs the caller one query. Students get answered
 * questions plus their own, admins all of them, exactly as requireVisibleLecture and the mapper decide.
 */
export function createLecturePoll(deps: AppDeps, cache: LecturePollCache) {
  const { db, clock } = deps;

  async function load(lectureId: string): Promise<LectureSnapshot | null> {
    const lecture = await findLecture(db, lectureId);
    if (!lecture) return null;
    const rows = await listQuestions(db, { context: { kind: 'lecture', lectureId }, callerId: null });
    return buildSnapshot(deps, lecture, rows, mediaUrlPeriod(clock()));
  }

  return async function poll(caller: AuthUser, lectureId: string): Promise<LecturePoll> {
    const now = clock();
    const snapshot = await cache.snapshot(lectureId, Date.now(), mediaUrlPeriod(now), () => load(lectureId));
    if (!snapshot) throw notFound('Lecture not found');
    const { lecture } = snapshot;
    // Someone not (yet) in the course is asked again next time: joining takes effect at once.
    const { courses, votes } = await cache.overlay(
      `${caller.id} ${lectureId}`,
      snapshot,
      Date.now(),
      () => loadLectureViewer(db, caller.id, lectureId),
      (viewer) => lectureRoleIn(viewer.courses, lecture) !== 'none',
    );
    const role = lectureRoleIn(courses, lecture);
    if (role !== 'admin' && !isReleased(lecture, now)) throw notFound('Lecture not found');
    if (role === 'none') throw forbidden('Join this course first');
    const viewer = { callerId: caller.id, role, courses, votes };
    return { etag: etagFor(snapshot, viewer), body: () => answerFor(snapshot, viewer) };
  };
}
