import type { QuestionDto, VoteOption } from '@lectern/shared';
import type { AppDeps } from '../../app-deps';
import { videoSourceOf } from '../videos/video.mapper';
import type { QuestionRow } from './question-list.query';

const ANONYMOUS = 'anonymous';

export interface Viewer {
  /** null: anonymous. */
  callerId: string | null;
  /** Course admins see who asked every question; others only their own (DESIGN §5.3). */
  seesAskers: boolean;
}

/** A question as the API sends it (SPEC §3): userVotes holds only the caller's own vote (SECURITY AC-10). */
export function toQuestionDto(deps: AppDeps, row: QuestionRow, viewer: Viewer): QuestionDto {
  const q = row.question;
  const userVotes: Record<string, VoteOption> = {};
  if (viewer.callerId !== null && row.myVote !== null) userVotes[viewer.callerId] = row.myVote;
  const ownQuestion = viewer.callerId !== null && q.askerId === viewer.callerId;
  return {
    id: q.id,
    _id: q.id,
    question: q.question,
    topic: q.topic,
    level: q.level,
    timeAsked: q.timeAsked,
    timePosted: q.timePosted.toISOString(),
    ...(viewer.seesAskers || ownQuestion
      ? { whoAsked: { id: q.askerId, name: q.askerId === null ? ANONYMOUS : (row.askerName ?? ANONYMOUS) } }
      : {}),
    status: q.status,
    response: q.responseId ?? '',
    answeredAt: q.answeredAt?.toISOString() ?? null,
    ratings: row.ratings,
    userVotes,
    lectureID: row.lectureId,
    lectureName: row.lectureTitle ?? '',
    videoId: q.videoId,
    videoTitle: row.videoTitle,
    courseId: row.courseId ?? '',
    courseName: row.courseName ?? '',
    lectureVideoSource: videoSourceOf(deps, row),
    live: q.live,
  };
}
