import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { courseAdmins, lectures, questions } from '../../db/schema';

// The one visibility policy (issue 22): who may see a lecture, and so its playlist, its videos and the
// questions, answers and votes on them. The rules below are written once, over a handful of facts, and
// read two ways: as a value, on a loaded row and a reader whose memberships are known (the checks in the
// services, the event-stream filter), and as a Drizzle SQL condition (list queries, media, search, event
// replay). A feature never compares a lecture's availability date itself: it asks this file. Questions on
// a video the reader may see add one rule (QUESTION_RULE); answers and votes are seen with their question.

/** What the rules ask about one reader and one lecture, as values (T = boolean) or as SQL (T = SQL). */
interface Facts<T> {
  /** The reader administers the lecture's course. */
  administers: T;
  /** The reader is a student of the lecture: of its course, or of the lecture alone. */
  member: T;
  /** The lecture's availability date has passed. */
  released: T;
  or(...terms: T[]): T;
  and(...terms: T[]): T;
}

const RULES = {
  /**
   * May look at the lecture, its videos and their answered questions: the course's admins always, anyone
   * once it is released (video links are shareable, SPEC §6; DESIGN §5.4).
   */
  sees: <T>(f: Facts<T>): T => f.or(f.administers, f.released),
  /**
   * Belongs to the lecture and hears of its changes: the course's admins always, its students once it
   * is released (DESIGN §5.3, §5.4, issue 12 items 3 and 4).
   */
  attends: <T>(f: Facts<T>): T => f.or(f.administers, f.and(f.released, f.member)),
} as const;

export type LectureRule = keyof typeof RULES;

// ---- As values -----------------------------------------------------------------------------------

/** The reader's standing towards one lecture's course. */
export interface Standing {
  administers: boolean;
  member: boolean;
}

/** A reader with no standing anywhere: what anyone, signed in or not, may do. */
export const ANYONE: Standing = { administers: false, member: false };

/** A lecture as the policy reads it: a row (lectureDateAvailable) or an event's audience (availableAt, ms). */
export type PolicyLecture = { id: string; courseId: string } & (
  { lectureDateAvailable: Date } | { availableAt: number }
);

const availableAt = (lecture: PolicyLecture): number =>
  'availableAt' in lecture ? lecture.availableAt : lecture.lectureDateAvailable.getTime();

const valueFacts = (standing: Standing, released: boolean): Facts<boolean> => ({
  ...standing,
  released,
  or: (...terms) => terms.some(Boolean),
  and: (...terms) => terms.every(Boolean),
});

/** True when a reader of this standing may, by `rule`, see the lecture at `now`. */
export const lectureAllows = (
  rule: LectureRule,
  standing: Standing,
  lecture: PolicyLecture,
  now: Date | number,
): boolean => RULES[rule](valueFacts(standing, availableAt(lecture) <= new Date(now).getTime()));

/** The courses and lectures a reader belongs to (coursesOfUser, the event streams' reader scope). */
export interface Memberships {
  administered: ReadonlySet<string>;
  joined: ReadonlySet<string>;
  joinedLectures: ReadonlySet<string>;
}

/** A course and its join code are seen by its own admins and students only (SPEC §4). */
export const seesCourse = (memberships: Memberships, courseId: string): boolean =>
  memberships.administered.has(courseId) || memberships.joined.has(courseId);

/** The standing of a reader with these memberships towards one lecture. */
export const standingIn = (
  memberships: Memberships,
  lecture: { id: string; courseId: string },
): Standing => ({
  administers: memberships.administered.has(lecture.courseId),
  member: memberships.joined.has(lecture.courseId) || memberships.joinedLectures.has(lecture.id),
});

/** The standing a role in the lecture's course gives (access.service's lectureRole). */
export const standingOfRole = (role: 'admin' | 'student' | 'none'): Standing => ({
  administers: role === 'admin',
  member: role === 'student',
});

// ---- As SQL --------------------------------------------------------------------------------------

/** A fact in SQL, or a constant the condition is simplified by (no `false or …` in a plan). */
type Term = SQL | boolean;

/** Where a query keeps a lecture's id, course id and availability (a column, or any SQL expression). */
export interface LectureColumns {
  id: AnyColumn | SQL;
  courseId: AnyColumn | SQL;
  /** A timestamptz. */
  availableAt: AnyColumn | SQL;
}

/** The lectures table, in a Drizzle query. */
export const LECTURE_COLUMNS: LectureColumns = {
  id: lectures.id,
  courseId: lectures.courseId,
  availableAt: lectures.lectureDateAvailable,
};

/** The lectures table under an alias, in a hand-written statement (`from lectures l`). */
export const aliasedLecture = (alias: SQL): LectureColumns => ({
  id: sql`${alias}.id`,
  courseId: sql`${alias}.course_id`,
  availableAt: sql`${alias}.lecture_date_available`,
});

/** The reader's standing as SQL over a lecture's columns. */
export interface SqlReader {
  administers(lecture: LectureColumns): Term;
  member(lecture: LectureColumns): Term;
}

/** A reader whose standing is already known (from their role in the one course a query reads). */
export const sqlReaderOfStanding = (standing: Standing): SqlReader => ({
  administers: () => standing.administers,
  member: () => standing.member,
});

/** A reader known by id: their memberships are read by the query itself (null: anonymous). */
export const sqlReaderById = (userId: string | null): SqlReader =>
  userId === null
    ? sqlReaderOfStanding(ANYONE)
    : {
        administers: (l) =>
          sql`${l.courseId} in (select a.course_id from course_admins a where a.user_id = ${userId})`,
        member: (
          l,
        ) => sql`(${l.courseId} in (select m.course_id from course_members m where m.user_id = ${userId})
          or ${l.id} in (select lm.lecture_id from lecture_members lm where lm.user_id = ${userId}))`,
      };

const textArray = (values: Iterable<string>): SQL =>
  sql`array[${sql.join(
    [...values].map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

const inSet = (column: AnyColumn | SQL, values: ReadonlySet<string>): Term =>
  values.size > 0 && sql`${column} = any(${textArray(values)})`;

/** A reader whose memberships were read beforehand, for text-valued columns (an event's audience, jsonb). */
export const sqlReaderOfMemberships = (memberships: Memberships): SqlReader => ({
  administers: (l) => inSet(l.courseId, memberships.administered),
  member: (l) => {
    const byCourse = inSet(l.courseId, memberships.joined);
    const byLecture = inSet(l.id, memberships.joinedLectures);
    return sqlFacts.or(byCourse, byLecture);
  },
});

const asSql = (term: Term): SQL => (typeof term === 'boolean' ? (term ? sql`true` : sql`false`) : term);

const sqlFacts = {
  or: (...terms: Term[]): Term => {
    if (terms.includes(true)) return true;
    const rest = terms.filter((t): t is SQL => t !== false);
    return rest.length === 0 ? false : rest.length === 1 ? rest[0]! : sql`(${sql.join(rest, sql` or `)})`;
  },
  and: (...terms: Term[]): Term => {
    if (terms.includes(false)) return false;
    const rest = terms.filter((t): t is SQL => t !== true);
    return rest.length === 0 ? true : rest.length === 1 ? rest[0]! : sql`(${sql.join(rest, sql` and `)})`;
  },
};

/** The condition that this reader may, by `rule`, see the lecture in these columns at `now`. */
export function lectureAllowsSql(
  rule: LectureRule,
  reader: SqlReader,
  lecture: LectureColumns,
  now: Date,
): SQL {
  const facts: Facts<Term> = {
    administers: reader.administers(lecture),
    member: reader.member(lecture),
    released: sql`${lecture.availableAt} <= ${now.toISOString()}::timestamptz`,
    ...sqlFacts,
  };
  return asSql(RULES[rule](facts));
}

/** One reader's condition on lectures at one moment, for a query to apply to whichever lectures it reads. */
export type LectureCondition = (lecture: LectureColumns) => SQL;

export const lectureCondition =
  (rule: LectureRule, reader: SqlReader, now: Date): LectureCondition =>
  (lecture) =>
    lectureAllowsSql(rule, reader, lecture, now);

// ---- Questions -----------------------------------------------------------------------------------

interface QuestionFacts<T> {
  /** Answered, and not hidden by its course's admins (issue 24, flags). */
  answered: T;
  /** The reader asked it. */
  asked: T;
  /** The reader runs its home course (where it was asked; any course holding the video once that lecture is gone). */
  runsHome: T;
  or(...terms: T[]): T;
}

/**
 * Of the questions on a video the reader may see, those listed for them: answered ones, their own, and
 * the unanswered ones of a course they run (SPEC §4, SECURITY AC-9); the admins of a concurrent copy see
 * the answered ones only (issue 20). A hidden question is listed for its asker and the admins of its
 * home course only (issue 24): hiding it takes it out of `answered`.
 */
const QUESTION_RULE = <T>(f: QuestionFacts<T>): T => f.or(f.answered, f.asked, f.runsHome);

/** The reader of a video's questions: who they are, and whether they administer a course holding it. */
export interface QuestionReader {
  userId: string | null;
  adminOfVideo: boolean;
}

/** A question as the rule reads it, with the course of its home lecture (null: none, or gone). */
export interface PolicyQuestion {
  responseId: string | null;
  askerId: string | null;
  homeCourseId: string | null;
  hiddenAt: Date | null;
}

/** A reader whose administered courses are known. */
type KnownReader = QuestionReader & { administered: ReadonlySet<string> };

/** True when the reader runs the question's home course, where rights over it come from (issue 20). */
export const runsHomeOf = (reader: KnownReader, question: Pick<PolicyQuestion, 'homeCourseId'>): boolean =>
  reader.adminOfVideo && (question.homeCourseId === null || reader.administered.has(question.homeCourseId));

/** True when the question is listed for this reader, whose administered courses are known. */
export const questionAllows = (reader: KnownReader, question: PolicyQuestion): boolean =>
  QUESTION_RULE<boolean>({
    answered: question.responseId !== null && question.hiddenAt === null,
    asked: reader.userId !== null && question.askerId === reader.userId,
    runsHome: runsHomeOf(reader, question),
    or: (...terms) => terms.some(Boolean),
  });

/** The same rule over the questions table, the reader's administered courses read by the query. */
export const questionAllowsSql = (reader: QuestionReader): SQL => {
  const { userId } = reader;
  const administered = sql`(select ${courseAdmins.courseId} from ${courseAdmins} where ${courseAdmins.userId} = ${userId})`;
  return asSql(
    QUESTION_RULE<Term>({
      answered: sql`(${questions.responseId} is not null and ${questions.hiddenAt} is null)`,
      asked: userId !== null && sql`${questions.askerId} = ${userId}`,
      runsHome:
        reader.adminOfVideo &&
        userId !== null &&
        sql`(${questions.lectureId} is null
          or ${questions.lectureId} in (select hl.id from lectures hl where hl.course_id in ${administered}))`,
      or: sqlFacts.or,
    }),
  );
};

// ---- Posts under a question (follow-ups) ---------------------------------------------------------

/** A post under a question as the rule reads it. */
export interface PolicyPost {
  authorId: string | null;
  hiddenAt: Date | null;
}

/** A reader who runs no course holding the question: a student, its asker, a post's author. */
export const memberReader = (userId: string) => ({
  userId,
  adminOfVideo: false,
  administered: new Set<string>(),
  runsHome: false,
});

/**
 * Of the follow-ups under a question the reader may read, those listed for them (issue 24, flags): all of
 * them for the admins of the question's home course; a hidden one, for anyone else, only if they wrote it.
 */
export const postAllows = (reader: { userId: string | null; runsHome: boolean }, post: PolicyPost): boolean =>
  reader.runsHome || post.hiddenAt === null || (reader.userId !== null && post.authorId === reader.userId);
