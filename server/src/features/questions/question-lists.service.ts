import { and, eq, gte, isNotNull } from 'drizzle-orm';
import type { QuestionDto, VideoWithQuestionsDto } from '@lectern/shared';
import type { AppDeps } from '../../app-deps';
import { questions } from '../../db/schema';
import { forbidden } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { belongsToLecture, coursesOfUser, visibleCourseId } from '../access/access.repository';
import { requireCourseMember, requireVisibleLecture } from '../access/access.service';
import { toVideoDto } from '../videos/video.mapper';
import { findVideo } from '../videos/public';
import { toQuestionDto } from './questions.mapper';
import {
  type QuestionRow,
  administeredCourses,
  askedInCourses,
  courseNames,
  inLecturesVisibleTo,
  listQuestions,
  unanswered,
  visibleToStudent,
  votesOf,
} from './question-list.query';
import type { LectureQuestionsCache } from './lecture-questions.cache';
import { assertSelf } from './questions.service';
import { videoRole } from './question-access';

const DAY_MS = 24 * 3_600_000;

/** Needs-response order (SPEC §4): by course, then live first, then earliest posted. */
export function needsResponseOrder(a: QuestionDto, b: QuestionDto): number {
  return (
    a.courseName.localeCompare(b.courseName) ||
    a.courseId.localeCompare(b.courseId) ||
    Number(b.status === 'live') - Number(a.status === 'live') ||
    a.timePosted.localeCompare(b.timePosted)
  );
}

const byLectureThenTime = (a: QuestionRow, b: QuestionRow): number =>
  (a.lectureDate?.getTime() ?? 0) - (b.lectureDate?.getTime() ?? 0) ||
  a.question.timeAsked - b.question.timeAsked;

export function createQuestionListsService(deps: AppDeps, cache: LectureQuestionsCache) {
  const { db, clock } = deps;

  return {
    /** GET /api/upload/{videoId}: anyone may watch a released video (SPEC §6); questions per AC-9. */
    async videoWithQuestions(
      caller: AuthUser | null,
      videoId: string,
      lectureId: string | undefined,
    ): Promise<VideoWithQuestionsDto> {
      const { role, lectures, memberLecture } = await videoRole(db, caller, videoId, clock());
      const video = (await findVideo(db, videoId))!;
      // Unnamed, the caller's own lecture, else the one the video was first published in.
      const lecture =
        lectures.find((l) => l.id === lectureId) ??
        memberLecture ??
        lectures.reduce((a, b) => (b.createdAt.getTime() < a.createdAt.getTime() ? b : a));
      const callerId = caller?.id ?? null;
      const courses = await coursesOfUser(db, callerId);
      // Only the caller's own lectures and courses: a course id is a join code (issue 12, item 3).
      const own = lectures.filter((l) => belongsToLecture(courses, l));
      const names = await courseNames(db, [...new Set(own.map((l) => l.courseId))]);
      const rows = await listQuestions(db, {
        context: { kind: 'lecture', lectureId: lecture.id },
        callerId,
        where: and(eq(questions.videoId, videoId), role === 'admin' ? undefined : visibleToStudent(callerId)),
      });
      return {
        ...toVideoDto(deps, video),
        lectureID: lecture.id,
        courseID: visibleCourseId(courses, lecture.courseId),
        lectures: own.map((l) => ({
          id: l.id,
          title: l.title,
          courseId: visibleCourseId(courses, l.courseId),
          courseName: names.get(l.courseId) ?? '',
        })),
        questions: rows.map((row) => toQuestionDto(deps, row, { callerId, courses })),
      };
    },

    /**
     * Every video of a lecture (the 7 s poll): students get answered ones plus their own. The rows come
     * from the per-lecture cache; only the caller's votes are read per request.
     */
    async lectureQuestions(caller: AuthUser, lectureId: string): Promise<QuestionDto[]> {
      const now = clock();
      const { role } = await requireVisibleLecture(db, caller, lectureId, now);
      if (role === 'none') throw forbidden('Join this course first');
      const all = await cache.get(lectureId, Date.now(), () =>
        listQuestions(db, { context: { kind: 'lecture', lectureId }, callerId: null }),
      );
      const rows =
        role === 'admin'
          ? all
          : all.filter((r) => r.question.responseId !== null || r.question.askerId === caller.id);
      const votes = await votesOf(
        db,
        caller.id,
        rows.map((r) => r.question.id),
      );
      const courses = await coursesOfUser(db, caller.id);
      return rows.map((row) =>
        toQuestionDto(
          deps,
          { ...row, myVote: votes.get(row.question.id) ?? null },
          { callerId: caller.id, courses },
        ),
      );
    },

    /** Answered questions of a course; students only see released lectures (DESIGN §5.4). */
    async withResponse(caller: AuthUser, courseId: string): Promise<QuestionDto[]> {
      const { role } = await requireCourseMember(db, caller, courseId);
      const rows = await listQuestions(db, {
        context: {
          kind: 'courses',
          courseIds: [courseId],
          availableBy: role === 'admin' ? undefined : clock(),
        },
        callerId: caller.id,
        where: isNotNull(questions.responseId),
      });
      const courses = await coursesOfUser(db, caller.id);
      return rows
        .sort(byLectureThenTime)
        .map((row) => toQuestionDto(deps, row, { callerId: caller.id, courses }));
    },

    /**
     * Home and Action Items: unanswered questions (live and processing too) asked in courses the caller
     * runs; a concurrent copy's questions are its own course's to answer (issue 12, item 10).
     */
    async needingResponse(caller: AuthUser, userId: string): Promise<QuestionDto[]> {
      assertSelf(caller, userId);
      const rows = await listQuestions(db, {
        context: { kind: 'courses', courseIds: administeredCourses(caller.id) },
        callerId: caller.id,
        where: and(unanswered(), askedInCourses(administeredCourses(caller.id))),
      });
      const courses = await coursesOfUser(db, caller.id);
      return rows
        .map((row) => toQuestionDto(deps, row, { callerId: caller.id, courses }))
        .sort(needsResponseOrder);
    },

    /**
     * The caller's own questions, newest first; answeredSinceDays keeps those answered that recently.
     * Only those of lectures the caller may still see: their own, released (issue 12, items 3 and 4).
     */
    async ownQuestions(
      caller: AuthUser,
      userId: string,
      answeredSinceDays: number | undefined,
    ): Promise<QuestionDto[]> {
      assertSelf(caller, userId);
      const since =
        answeredSinceDays === undefined
          ? undefined
          : new Date(clock().getTime() - answeredSinceDays * DAY_MS);
      const rows = await listQuestions(db, {
        context: { kind: 'asked' },
        callerId: caller.id,
        where: and(
          eq(questions.askerId, caller.id),
          inLecturesVisibleTo(caller.id, clock()),
          since ? gte(questions.answeredAt, since) : undefined,
        ),
      });
      const courses = await coursesOfUser(db, caller.id);
      return rows.map((row) => toQuestionDto(deps, row, { callerId: caller.id, courses }));
    },
  };
}
