import { and, eq, gte, inArray } from 'drizzle-orm';
import type { QuestionDto, VideoWithQuestionsDto } from '@lectern/shared';
import type { AppDeps } from '../../app-deps';
import { questions } from '../../db/schema';
import type { AuthUser } from '../../plugins/auth';
import {
  type CallerCourses,
  belongsToLecture,
  coursesOfUser,
  lectureCondition,
  questionAllowsSql,
  sqlReaderOfStanding,
  standingOfRole,
  visibleCourseId,
  requireCourseMember,
} from '../access/public';
import { type VideosFeature, toVideoDto } from '../videos/public';
import { toQuestionDto } from './questions.mapper';
import {
  type QuestionContext,
  type QuestionRow,
  courseNames,
  inLecturesVisibleTo,
  listQuestions,
} from './question-list.query';
import {
  type Page,
  type PageRequest,
  answeredInCoursePage,
  needingResponsePage,
} from './question-pages.query';
import { assertSelf } from './questions.service';
import { videoRole } from './question-access';

const DAY_MS = 24 * 3_600_000;

/** One page of a bounded list and the cursor of the next one (null: this is the last). */
export interface QuestionPage {
  items: QuestionDto[];
  next: string | null;
}

export type QuestionListsService = ReturnType<typeof createQuestionListsService>;

export function createQuestionListsService(deps: AppDeps, videos: VideosFeature) {
  const { db, clock } = deps;

  /** The full rows of a page's questions, read by id (none read for an empty page). */
  const rowsOf = async (page: Page, context: QuestionContext, caller: AuthUser): Promise<QuestionRow[]> =>
    page.ids.length === 0
      ? []
      : listQuestions(db, { context, callerId: caller.id, where: inArray(questions.id, page.ids) });

  /** The page's rows for the wire, in the page's order. */
  function toPage(caller: AuthUser, courses: CallerCourses, page: Page, rows: QuestionRow[]): QuestionPage {
    const byId = new Map(rows.map((row) => [row.question.id, row]));
    const items = page.ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [toQuestionDto(deps, row, { callerId: caller.id, courses })] : [];
    });
    return { items, next: page.next };
  }

  return {
    /** GET /api/upload/{videoId}: anyone may watch a released video (SPEC §6); questions per AC-9. */
    async videoWithQuestions(
      caller: AuthUser | null,
      videoId: string,
      lectureId: string | undefined,
    ): Promise<VideoWithQuestionsDto> {
      const { role, lectures, memberLecture } = await videoRole(db, caller, videoId, clock());
      const video = (await videos.findVideo(videoId))!;
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
        where: and(
          eq(questions.videoId, videoId),
          questionAllowsSql({ userId: callerId, adminOfVideo: role === 'admin' }),
        ),
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
     * Answered questions of a course, one page at a time (issue 14); students only see released lectures
     * (DESIGN §5.4).
     */
    async withResponse(caller: AuthUser, courseId: string, request: PageRequest): Promise<QuestionPage> {
      const { role } = await requireCourseMember(db, caller, courseId);
      const visible = lectureCondition('sees', sqlReaderOfStanding(standingOfRole(role)), clock());
      const page = await answeredInCoursePage(db, courseId, visible, request);
      const rows = await rowsOf(page, { kind: 'courses', courseIds: [courseId], visible }, caller);
      return toPage(caller, await coursesOfUser(db, caller.id), page, rows);
    },

    /**
     * Home and Action Items: unanswered questions (live and processing too) asked in courses the caller
     * runs, one page at a time (issue 14); a concurrent copy's questions are its own course's to answer
     * (issue 12, item 10).
     */
    async needingResponse(caller: AuthUser, userId: string, request: PageRequest): Promise<QuestionPage> {
      assertSelf(caller, userId);
      const courses = await coursesOfUser(db, caller.id);
      const page = await needingResponsePage(db, [...courses.administered], request);
      // The page's own courses suffice: each question's lecture is the best one among all of the caller's.
      const rows = await rowsOf(page, { kind: 'courses', courseIds: page.courseIds }, caller);
      return toPage(caller, courses, page, rows);
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
