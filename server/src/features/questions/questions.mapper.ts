import type { AnswerTextDto, QuestionDto, VoteOption, WhoAsked } from '@lectern/shared';
import type { AppDeps } from '../../app-deps';
import { type CallerCourses, visibleCourseId } from '../access/public';
import { videoSourceOf } from '../videos/public';
import type { AnswerTextJson, QuestionRow } from './question-list.query';

const ANONYMOUS = 'anonymous';

export interface Viewer {
  /** null: anonymous. */
  callerId: string | null;
  /** The caller's courses: whose askers and join codes they may see. */
  courses: CallerCourses;
}

/**
 * Who asked is shown to the asker, and to the admins of the question's home course (the course of the
 * lecture it was asked in) when the asker belongs there (DESIGN §5.3). A concurrent copy shares the
 * question with other courses, and a duplicate copies it into another course: neither tells those
 * courses' admins who asked (issue 12, item 10).
 */
export function seesAsker(row: QuestionRow, viewer: Viewer): boolean {
  const q = row.question;
  if (viewer.callerId !== null && q.askerId === viewer.callerId) return true;
  if (row.homeCourseId === null || !viewer.courses.administered.has(row.homeCourseId)) return false;
  return q.askerId === null || row.askerInHome;
}

/** Who asked, for those who may see it (seesAsker); an account that is gone reads as anonymous. */
export function whoAskedOf(row: QuestionRow): WhoAsked {
  const askerId = row.question.askerId;
  const name = askerId === null ? ANONYMOUS : (row.askerName ?? ANONYMOUS);
  return { id: askerId, name, anonymous: row.question.anonymous };
}

/** The course a question is listed in, when it is one of the caller's (issue 12, item 3). */
export function courseOf(row: QuestionRow, viewer: Viewer): { courseId: string; courseName: string } {
  const courseId = row.courseId === null ? '' : visibleCourseId(viewer.courses, row.courseId);
  return { courseId, courseName: courseId === '' ? '' : (row.courseName ?? '') };
}

const answerTextOf = (json: AnswerTextJson): AnswerTextDto => ({
  ...json,
  editedAt: json.editedAt === null ? null : new Date(json.editedAt).toISOString(),
});

/** A question as the API sends it (SPEC §3): userVotes holds only the caller's own vote (SECURITY AC-10). */
export function toQuestionDto(deps: AppDeps, row: QuestionRow, viewer: Viewer): QuestionDto {
  const q = row.question;
  const userVotes: Record<string, VoteOption> = {};
  if (viewer.callerId !== null && row.myVote !== null) userVotes[viewer.callerId] = row.myVote;
  return {
    id: q.id,
    _id: q.id,
    question: q.question,
    topic: q.topic,
    level: q.level,
    timeAsked: q.timeAsked,
    timePosted: q.timePosted.toISOString(),
    ...(seesAsker(row, viewer) ? { whoAsked: whoAskedOf(row) } : {}),
    status: q.status,
    response: q.responseId ?? '',
    answeredAt: q.answeredAt?.toISOString() ?? null,
    ratings: row.ratings,
    userVotes,
    lectureID: row.lectureId,
    lectureName: row.lectureTitle ?? '',
    videoId: q.videoId,
    videoTitle: row.videoTitle,
    ...courseOf(row, viewer),
    lectureVideoSource: videoSourceOf(deps, row),
    live: q.live,
    ...(row.answerText ? { answerText: answerTextOf(row.answerText) } : {}),
    ...(row.endorsed ? { endorsed: true as const } : {}),
    hidden: q.hiddenAt !== null,
  };
}
