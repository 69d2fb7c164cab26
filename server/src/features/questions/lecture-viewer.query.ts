import { and, eq, sql } from 'drizzle-orm';
import type { VoteOption } from '@lectern/shared';
import type { DbOrTx } from '../../db/client';
import {
  courseAdmins,
  courseMembers,
  lectureMembers,
  lectureVideos,
  questionVotes,
  questions,
} from '../../db/schema';
import type { CallerCourses } from '../access/public';

/** What one caller's poll of a lecture adds to the shared list: their courses, and their votes there. */
export interface LectureViewerRow {
  courses: CallerCourses;
  /** The caller's votes on the questions of the lecture's videos, by question id. */
  votes: Map<string, VoteOption>;
}

const tag = (kind: 'admin' | 'member' | 'lecture' | 'vote') => sql<string>`${sql.raw(`'${kind}'`)}`;
const noVote = sql<string | null>`null::text`;

/**
 * One statement, two bound values, whatever the class or list size: the memberships coursesOfUser reads
 * (in three statements) and the caller's votes in the lecture (which took one bound id per question).
 */
export async function loadLectureViewer(
  db: DbOrTx,
  userId: string,
  lectureId: string,
): Promise<LectureViewerRow> {
  const rows = await db
    .select({ kind: tag('admin'), id: sql<string>`${courseAdmins.courseId}::text`, vote: noVote })
    .from(courseAdmins)
    .where(eq(courseAdmins.userId, userId))
    .unionAll(
      db
        .select({ kind: tag('member'), id: sql<string>`${courseMembers.courseId}::text`, vote: noVote })
        .from(courseMembers)
        .where(eq(courseMembers.userId, userId)),
    )
    .unionAll(
      db
        .select({ kind: tag('lecture'), id: sql<string>`${lectureMembers.lectureId}::text`, vote: noVote })
        .from(lectureMembers)
        .where(eq(lectureMembers.userId, userId)),
    )
    .unionAll(
      db
        .select({
          kind: tag('vote'),
          id: sql<string>`${questionVotes.questionId}::text`,
          vote: sql<string | null>`${questionVotes.vote}::text`,
        })
        .from(lectureVideos)
        .innerJoin(questions, eq(questions.videoId, lectureVideos.videoId))
        .innerJoin(
          questionVotes,
          and(eq(questionVotes.questionId, questions.id), eq(questionVotes.userId, userId)),
        )
        .where(eq(lectureVideos.lectureId, lectureId)),
    );
  const administered = new Set<string>();
  const joined = new Set<string>();
  const joinedLectures = new Set<string>();
  const votes = new Map<string, VoteOption>();
  for (const row of rows) {
    if (row.kind === 'admin') administered.add(row.id);
    else if (row.kind === 'member') joined.add(row.id);
    else if (row.kind === 'lecture') joinedLectures.add(row.id);
    else votes.set(row.id, row.vote as VoteOption);
  }
  return { courses: { administered, joined, joinedLectures }, votes };
}
