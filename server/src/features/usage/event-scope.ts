import type { LogEntryBody } from '@lectern/shared';
import type { DbOrTx } from '../../db/client';
import { badRequest, notFound } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { requireVisibleLecture, requireVisibleVideo } from '../access/public';
import { PLAYBACK_ACTIONS, questionVideo, videoDuration } from './usage.repository';

// A usage event counts in a course's reports, so it must be about something the caller may watch
// (issue 12, item 9): a released video (anyone may watch by link, SPEC §6) or, before release, one of
// a course the caller administers. Ids are checked against each other and the course comes from the
// lecture, never from the client.

/**
 * The longest a position can be when the server does not know the video's length: YouTube's own
 * limit on an upload is 12 hours, and a stored file whose duration is not known yet is held to it too.
 */
export const UNKNOWN_DURATION_CAP_SECONDS = 12 * 3600;

export const PLAYBACK_NEEDS_VIDEO = 'A playback event needs the videoID of the video played.';

export interface EventScope {
  videoId: string | null;
  lectureId: string | null;
  courseId: string | null;
  questionId: string | null;
  videoTime: number | null;
  /** Where a progress report's stretch began, held to the same bounds as videoTime. */
  fromTime: number | null;
}

const isPlayback = (action: string): boolean => (PLAYBACK_ACTIONS as readonly string[]).includes(action);

/** What the event may name, checked; 404 for anything unknown or hidden, as the reads answer. */
export async function scopeEvent(
  db: DbOrTx,
  user: AuthUser | null,
  body: LogEntryBody,
  now: Date,
): Promise<EventScope> {
  let videoId = body.videoID ?? null;
  const questionId = body.questionID ?? null;
  if (questionId !== null) {
    const ofQuestion = await questionVideo(db, questionId);
    if (ofQuestion === null || (videoId !== null && videoId !== ofQuestion))
      throw notFound('Question not found');
    videoId = ofQuestion;
  }
  // A playback event about no video counts nowhere: refused rather than stored (issue 20).
  if (videoId === null && isPlayback(body.action)) throw badRequest(PLAYBACK_NEEDS_VIDEO);
  const lectureId = body.lectureID ?? null;
  let courseId: string | null = null;
  if (videoId !== null) {
    const access = await requireVisibleVideo(db, user, videoId, now);
    const lecture = lectureId === null ? null : access.lectures.find((l) => l.id === lectureId);
    if (lectureId !== null && !lecture) throw notFound('Lecture not found');
    courseId = lecture?.courseId ?? null;
  } else if (lectureId !== null) {
    courseId = (await requireVisibleLecture(db, user, lectureId, now)).lecture.courseId;
  }
  const cap = await positionCap(db, body, videoId);
  const clamp = (time: number | null | undefined) => (time == null ? null : Math.min(time, cap));
  return {
    videoId,
    lectureId,
    courseId,
    questionId,
    videoTime: clamp(body.videoTime),
    fromTime: clamp(body.fromTime),
  };
}

/** A lecture playhead stays inside the lecture video; any other position inside the 12-hour cap. */
async function positionCap(db: DbOrTx, body: LogEntryBody, videoId: string | null): Promise<number> {
  const known =
    body.videoTime != null && videoId !== null && isPlayback(body.action)
      ? await videoDuration(db, videoId)
      : null;
  return known ?? UNKNOWN_DURATION_CAP_SECONDS;
}
