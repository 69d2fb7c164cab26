import type { AppDeps } from '../../app-deps';
import { forbidden, notFound } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { findLecture, lectureAllows, lectureRoleIn, standingOfRole } from '../access/public';
import { mediaUrlPeriod } from '../../lib/media-urls';
import type { Representation } from '../../lib/representation';
import { RepresentationCache } from '../../lib/representation-cache';
import type { LectureQuestionsCache } from './lecture-questions.cache';
import {
  type LectureSnapshot,
  type PollViewer,
  buildSnapshot,
  etagFor,
  representationFor,
} from './lecture-snapshot';
import { loadLectureViewer } from './lecture-viewer.query';
import { listQuestions } from './question-list.query';

/**
 * A caller's standing in one snapshot, worked out once with it, and their ETag (hashed once per change);
 * null for someone in neither the course nor the lecture.
 */
type CallerView = { viewer: PollViewer; etag: string } | null;

export type LecturePollCache = LectureQuestionsCache<CallerView>;

export interface LecturePoll {
  etag: string;
  /** The answer with its codings, asked for only when the client's copy is not current. */
  representation(): Representation;
}

// Answers of one caller alone (voters, askers, admins) kept for their other tabs and concurrent asks; the
// answers a class shares live on their snapshot.
const OWN_ANSWERS_BYTES = 32 * 1024 * 1024;

/**
 * GET /api/questions/lecture-questions/{id}, the 7 s poll of a whole class (SPEC §4, issue 14). The
 * lecture's questions come from a snapshot shared by every poller and the caller's memberships and votes
 * from one statement, both kept until an event says they changed; so an unchanged poll is answered from
 * memory after the session check, with the ETag worked out when the caller's part was read, and a changed
 * one costs the caller one query. Answers are kept with their compressed codings (issue 27): students
 * with no vote or question share theirs. Students get answered questions plus their own, admins all of
 * them, exactly as requireVisibleLecture and the mapper decide.
 */
export function createLecturePoll(deps: AppDeps, cache: LecturePollCache) {
  const { db, clock } = deps;
  const ownAnswers = new RepresentationCache(OWN_ANSWERS_BYTES);

  async function load(lectureId: string): Promise<LectureSnapshot | null> {
    const lecture = await findLecture(db, lectureId);
    if (!lecture) return null;
    const rows = await listQuestions(db, { context: { kind: 'lecture', lectureId }, callerId: null });
    return buildSnapshot(deps, lecture, rows, mediaUrlPeriod(clock()));
  }

  async function viewOf(snapshot: LectureSnapshot, callerId: string): Promise<CallerView> {
    const { courses, votes } = await loadLectureViewer(db, callerId, snapshot.lecture.id);
    const role = lectureRoleIn(courses, snapshot.lecture);
    if (role === 'none') return null;
    const viewer = { callerId, role, courses, votes };
    return { viewer, etag: etagFor(snapshot, viewer) };
  }

  return async function poll(caller: AuthUser, lectureId: string): Promise<LecturePoll> {
    const now = clock();
    const snapshot = await cache.snapshot(lectureId, Date.now(), mediaUrlPeriod(now), () => load(lectureId));
    if (!snapshot) throw notFound('Lecture not found');
    const { lecture } = snapshot;
    // Someone not (yet) in the course is asked again next time: joining takes effect at once.
    const view = await cache.overlay(
      `${caller.id} ${lectureId}`,
      snapshot,
      Date.now(),
      () => viewOf(snapshot, caller.id),
      (found) => found !== null,
    );
    if (!lectureAllows('sees', standingOfRole(view?.viewer.role ?? 'none'), lecture, now))
      throw notFound('Lecture not found');
    if (!view) throw forbidden('Join this course first');
    const { viewer, etag } = view;
    return {
      etag,
      representation: () => representationFor(snapshot, viewer, (make) => ownAnswers.get(etag, make)),
    };
  };
}
