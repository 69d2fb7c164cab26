import { type SQL, and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { courses, lectureVideos, lectures, questionVotes, questions, users, videos } from '../../db/schema';
import {
  LECTURE_COLUMNS,
  type LectureCondition,
  aliasedLecture,
  lectureAllowsSql,
  sqlReaderById,
} from '../access/public';

// The read side of questions: every list is one indexed statement, whatever its length.

/**
 * In which lecture a listed question is shown (concurrent lectures share a video and its questions):
 * - asked: the lecture it was asked in;
 * - lecture: the given lecture, for questions of its videos;
 * - courses: a lecture of these courses holding the video (the asked one when it qualifies) that the
 *   caller may see (`visible`, features/access/visibility.ts; all of them when absent).
 */
export type QuestionContext =
  | { kind: 'asked' }
  | { kind: 'lecture'; lectureId: string }
  | { kind: 'courses'; courseIds: SQL | string[]; visible?: LectureCondition };

export interface ListOptions {
  context: QuestionContext;
  /** Whose vote goes into myVote (null: anonymous). */
  callerId: string | null;
  where?: SQL;
}

/** A row's answer text as json_build_object makes it: the timestamp is PostgreSQL's text. */
export interface AnswerTextJson {
  markdown: string;
  html: string;
  editedAt: string | null;
  withVideo: boolean;
}

// One row per question with everything the wire needs; votes are summed in the same statement, so a
// list costs one indexed query whatever its length (SECURITY §4, the 7 s poll).
const columns = (callerId: string | null) => ({
  question: questions,
  videoTitle: videos.title,
  mediaSha256: videos.mediaSha256,
  youtubeUrl: videos.youtubeUrl,
  lectureId: lectures.id,
  lectureTitle: lectures.title,
  lectureDate: lectures.lectureDate,
  courseId: courses.id,
  courseName: courses.name,
  askerName: users.name,
  /** The course of the lecture the question was asked in: its home, where its asker belongs. */
  homeCourseId: sql<
    string | null
  >`(select hl.course_id from lectures hl where hl.id = ${questions.lectureId})`,
  /**
   * The asker belongs to the home course (admin, student, or member of the home lecture). A duplicate
   * copies questions into another course, where their askers are strangers (issue 12, item 10).
   */
  askerInHome: sql<boolean>`exists (select 1 from lectures hl where hl.id = ${questions.lectureId} and (
    exists (select 1 from course_members m where m.course_id = hl.course_id and m.user_id = ${questions.askerId})
    or exists (select 1 from course_admins a where a.course_id = hl.course_id and a.user_id = ${questions.askerId})
    or exists (select 1 from lecture_members lm where lm.lecture_id = hl.id and lm.user_id = ${questions.askerId})))`,
  /** The answer in words, when the answer has one (issue 24). */
  answerText: sql<AnswerTextJson | null>`(select json_build_object('markdown', r.text, 'html', r.text_html,
    'editedAt', r.text_edited_at, 'withVideo', r.media_sha256 is not null)
    from responses r where r.id = ${questions.responseId} and r.text is not null)`,
  /** The answer was made from a student's answer the instructor endorsed (issue 24). */
  endorsed: sql<boolean>`exists (select 1 from student_answers sa
    where sa.response_id = ${questions.responseId})`,
  ratings: sql<number>`coalesce((select sum(case when ${questionVotes.vote} = 'UP' then 1 else -1 end)
    from ${questionVotes} where ${questionVotes.questionId} = ${questions.id}), 0)`.mapWith(Number),
  myVote:
    callerId === null
      ? sql<'UP' | 'DOWN' | null>`null`
      : sql<'UP' | 'DOWN' | null>`(select ${questionVotes.vote} from ${questionVotes}
          where ${questionVotes.questionId} = ${questions.id} and ${questionVotes.userId} = ${callerId})`,
});

export type QuestionRow = Awaited<ReturnType<typeof questionsQuery>>[number];

const inCourses = (courseIds: SQL | string[]): SQL =>
  Array.isArray(courseIds)
    ? inArray(lectures.courseId, courseIds)
    : sql`${lectures.courseId} in ${courseIds}`;

/** The rows of a list, read once (a query builder runs again at every `then`). */
export const listQuestions = async (db: DbOrTx, options: ListOptions): Promise<QuestionRow[]> =>
  questionsQuery(db, options);

/** The statement behind listQuestions, for the plan tests. */
export function questionsQuery(db: DbOrTx, { context, callerId, where }: ListOptions) {
  const fields = columns(callerId);
  if (context.kind === 'asked') {
    return db
      .select(fields)
      .from(questions)
      .innerJoin(videos, eq(videos.id, questions.videoId))
      .leftJoin(lectures, eq(lectures.id, questions.lectureId))
      .leftJoin(courses, eq(courses.id, lectures.courseId))
      .leftJoin(users, eq(users.id, questions.askerId))
      .where(where)
      .orderBy(desc(questions.timePosted));
  }
  if (context.kind === 'lecture') {
    return db
      .select(fields)
      .from(questions)
      .innerJoin(videos, eq(videos.id, questions.videoId))
      .innerJoin(
        lectureVideos,
        and(eq(lectureVideos.videoId, questions.videoId), eq(lectureVideos.lectureId, context.lectureId)),
      )
      .innerJoin(lectures, eq(lectures.id, lectureVideos.lectureId))
      .innerJoin(courses, eq(courses.id, lectures.courseId))
      .leftJoin(users, eq(users.id, questions.askerId))
      .where(where)
      .orderBy(asc(lectureVideos.position), asc(questions.timeAsked), asc(questions.timePosted));
  }
  const visible = context.visible?.(LECTURE_COLUMNS);
  return db
    .selectDistinctOn([questions.id], fields)
    .from(questions)
    .innerJoin(videos, eq(videos.id, questions.videoId))
    .innerJoin(lectureVideos, eq(lectureVideos.videoId, questions.videoId))
    .innerJoin(lectures, and(eq(lectures.id, lectureVideos.lectureId), inCourses(context.courseIds), visible))
    .innerJoin(courses, eq(courses.id, lectures.courseId))
    .leftJoin(users, eq(users.id, questions.askerId))
    .where(where)
    .orderBy(
      questions.id,
      desc(sql`${lectures.id} = ${questions.lectureId}`),
      asc(lectures.lectureDate),
      asc(lectures.id),
    );
}

export async function courseNames(db: DbOrTx, courseIds: string[]): Promise<Map<string, string>> {
  if (courseIds.length === 0) return new Map();
  const rows = await db
    .select({ id: courses.id, name: courses.name })
    .from(courses)
    .where(inArray(courses.id, courseIds));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/**
 * Asked in a lecture the user attends now: any lecture of a course they administer; a released lecture
 * of a course they joined, or that they joined alone (DESIGN §5.4, issue 12, items 3 and 4).
 */
export const inLecturesVisibleTo = (userId: string, now: Date): SQL =>
  sql`${questions.lectureId} in (select hl.id from lectures hl
    where ${lectureAllowsSql('attends', sqlReaderById(userId), aliasedLecture(sql`hl`), now)})`;
