import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { lectures, meetings, questions } from '../../db/schema';

export type MeetingRow = typeof meetings.$inferSelect;
export type MeetingPurpose = MeetingRow['purpose'];

export async function findMeeting(db: DbOrTx, questionId: string): Promise<MeetingRow | null> {
  const [row] = await db.select().from(meetings).where(eq(meetings.questionId, questionId));
  return row ?? null;
}

export async function findMeetingByMeetingId(db: DbOrTx, meetingId: string): Promise<MeetingRow | null> {
  const [row] = await db.select().from(meetings).where(eq(meetings.meetingId, meetingId));
  return row ?? null;
}

/** The question's row, locked for the rest of the transaction. */
export async function lockMeeting(tx: DbOrTx, questionId: string): Promise<MeetingRow | null> {
  const [row] = await tx.select().from(meetings).where(eq(meetings.questionId, questionId)).for('update');
  return row ?? null;
}

/** Opens the question's room: a new row, or the ended one started afresh (a new session). */
export async function upsertOpenMeeting(
  db: DbOrTx,
  values: Pick<MeetingRow, 'questionId' | 'provider' | 'purpose' | 'openedAt' | 'meetingId' | 'endTokenHash'>,
): Promise<MeetingRow> {
  const fresh = {
    ...values,
    status: 'open' as const,
    instructorJoinedAt: null,
    instructorId: null,
    endedAt: null,
    createTime: null,
    recordId: null,
  };
  const [row] = await db
    .insert(meetings)
    .values(fresh)
    .onConflictDoUpdate({ target: meetings.questionId, set: fresh })
    .returning();
  return row!;
}

export async function updateMeeting(
  db: DbOrTx,
  questionId: string,
  values: Partial<Omit<MeetingRow, 'questionId'>>,
): Promise<MeetingRow | null> {
  const [row] = await db.update(meetings).set(values).where(eq(meetings.questionId, questionId)).returning();
  return row ?? null;
}

/**
 * Open rooms past their end: discussions nobody from the course came to by the end of the live window
 * of the lecture the question was asked in, and any room opened before `openedBefore` (its lifetime).
 */
export async function roomsToClose(db: DbOrTx, now: Date, openedBefore: Date): Promise<MeetingRow[]> {
  const rows = await db
    .select({ meeting: meetings })
    .from(meetings)
    .innerJoin(questions, eq(questions.id, meetings.questionId))
    .leftJoin(lectures, eq(lectures.id, questions.lectureId))
    .where(
      and(
        eq(meetings.status, 'open'),
        or(
          lt(meetings.openedAt, openedBefore),
          and(
            eq(meetings.purpose, 'discussion'),
            isNull(meetings.instructorJoinedAt),
            or(isNull(lectures.id), lt(lectures.lectureDateEnd, now)),
          ),
        ),
      ),
    );
  return rows.map((r) => r.meeting);
}
