import { ERRORS, type JoinLectureAnswer, type LectureDto, VALIDATION } from '@lectern/shared';
import { ApiError, api } from '../../../lib/api-client';
import { joinCourse } from './courses';

// One field takes a course id or a lecture id (SPEC §2 Join): try the course first, then the lecture.

export type JoinOutcome =
  | { kind: 'courseJoined'; courseId: string }
  | { kind: 'alreadyInCourse'; courseId: string }
  | { kind: 'ownCourse' }
  | { kind: 'lectureJoined'; lectureId: string; firstVideoId: string | null }
  | { kind: 'alreadyInLecture'; lectureId: string; firstVideoId: string | null }
  | { kind: 'lectureNavigateFailed' }
  | { kind: 'notFound' }
  | { kind: 'failed'; message: string };

const isStatus = (error: unknown, status: number) => error instanceof ApiError && error.status === status;

const joinLecture = (lectureId: string, userId: string) =>
  api<JoinLectureAnswer>('/api/lectures/join', { method: 'POST', body: { lectureId, userId } });

/** Where an already-joined lecture starts: the 409 body is not kept by ApiError, so ask for the lecture. */
async function alreadyInLecture(lectureId: string): Promise<JoinOutcome> {
  try {
    const lecture = await api<LectureDto>(`/api/lectures/${encodeURIComponent(lectureId)}`);
    return { kind: 'alreadyInLecture', lectureId, firstVideoId: lecture.firstVideoId };
  } catch {
    return { kind: 'lectureNavigateFailed' };
  }
}

async function tryLecture(code: string, userId: string): Promise<JoinOutcome> {
  try {
    const answer = await joinLecture(code, userId);
    return { kind: 'lectureJoined', lectureId: answer.lectureId, firstVideoId: answer.firstVideoId };
  } catch (error) {
    if (isStatus(error, 409)) return alreadyInLecture(code);
    if (isStatus(error, 404)) return { kind: 'notFound' };
    return { kind: 'failed', message: error instanceof ApiError ? error.message : ERRORS.unexpected };
  }
}

export async function joinCourseOrLecture(code: string, userId: string): Promise<JoinOutcome> {
  try {
    const answer = await joinCourse(code, userId);
    return { kind: 'courseJoined', courseId: answer.courseId };
  } catch (error) {
    if (error instanceof ApiError && error.message === VALIDATION.cantJoinOwnCourse)
      return { kind: 'ownCourse' };
    if (isStatus(error, 409)) return { kind: 'alreadyInCourse', courseId: code };
    if (isStatus(error, 404)) return tryLecture(code, userId);
    return { kind: 'failed', message: error instanceof ApiError ? error.message : ERRORS.unexpected };
  }
}
