import { describe, expect, it } from 'vitest';
import { type SQL, and, eq, sql } from 'drizzle-orm';
import { lectures, questions } from '../../db/schema';
import type { TestUser } from '../../../test/factories';
import { seedQuestion, seedResponse } from '../../../test/seed';
import { questionsWorldFixture } from '../questions/test/world';
import { coursesOfUser } from './access.service';
import {
  LECTURE_COLUMNS,
  type LectureRule,
  lectureAllows,
  lectureAllowsSql,
  questionAllows,
  questionAllowsSql,
  sqlReaderById,
  sqlReaderOfMemberships,
  standingIn,
} from './visibility';

// The policy's two readings agree: for every reader of the world, every lecture and both rules, the check
// on a loaded row, the SQL with memberships read by the query and the SQL with memberships read before
// answer alike; so does the question rule, in code and over the questions table.

describe('the visibility policy, as a value and as SQL', () => {
  const { t, w } = questionsWorldFixture();
  const readers = (): (TestUser | null)[] => [null, ...Object.values(w.users)];

  const holds = async (condition: SQL, where: SQL): Promise<boolean> => {
    const rows = await t.db
      .select({ one: sql<number>`1` })
      .from(lectures)
      .where(and(where, condition));
    return rows.length > 0;
  };

  it('lectures: sees and attends', async () => {
    const now = t.clock.now();
    const outcomes = new Set<boolean>();
    for (const who of readers()) {
      const courses = await coursesOfUser(t.db, who?.id ?? null);
      for (const lecture of [w.LA, w.LU, w.LB])
        for (const rule of ['sees', 'attends'] as LectureRule[]) {
          const value = lectureAllows(rule, standingIn(courses, lecture), lecture, now);
          const byId = await holds(
            lectureAllowsSql(rule, sqlReaderById(who?.id ?? null), LECTURE_COLUMNS, now),
            eq(lectures.id, lecture.id),
          );
          const asText = {
            id: sql`${lectures.id}::text`,
            courseId: sql`${lectures.courseId}::text`,
            availableAt: lectures.lectureDateAvailable,
          };
          const byMemberships = await holds(
            lectureAllowsSql(rule, sqlReaderOfMemberships(courses), asText, now),
            eq(lectures.id, lecture.id),
          );
          const at = { who: who?.name ?? 'anonymous', lecture: lecture.title, rule };
          expect({ ...at, byId, byMemberships }).toEqual({ ...at, byId: value, byMemberships: value });
          outcomes.add(value);
        }
    }
    expect([...outcomes].sort()).toEqual([false, true]);
  });

  it('questions: answered, one’s own, or of a course one runs', async () => {
    // An answered question its course's admins hid (issue 24): its asker's and those admins' only.
    const qHidden = await seedQuestion(t.db, w.VA1.id, w.users.studentA.id, { lectureId: w.LA.id });
    await seedResponse(t.db, qHidden.id, w.media, w.users.adminA.id, t.clock.now());
    await t.db.update(questions).set({ hiddenAt: t.clock.now() }).where(eq(questions.id, qHidden.id));
    const outcomes = new Set<boolean>();
    const readersOfHidden: string[] = [];
    for (const who of readers()) {
      const { administered } = await coursesOfUser(t.db, who?.id ?? null);
      for (const seeded of [w.qAnswered, w.qOpen, w.qUnreleased, w.qB, qHidden])
        for (const adminOfVideo of [false, true]) {
          // As it is now: the world answered qAnswered after seeding it.
          const [question] = await t.db.select().from(questions).where(eq(questions.id, seeded.id));
          if (!question) throw new Error('seeded question gone');
          const reader = { userId: who?.id ?? null, adminOfVideo };
          const home = question.lectureId === w.LB.id ? w.B.id : w.A.id;
          const value = questionAllows({ ...reader, administered }, { ...question, homeCourseId: home });
          const rows = await t.db
            .select({ id: questions.id })
            .from(questions)
            .where(and(eq(questions.id, question.id), questionAllowsSql(reader)));
          const at = { who: who?.name ?? 'anonymous', question: question.id, adminOfVideo };
          expect({ ...at, inSql: rows.length > 0 }).toEqual({ ...at, inSql: value });
          outcomes.add(value);
          if (seeded === qHidden && !adminOfVideo && value) readersOfHidden.push(who?.name ?? 'anonymous');
        }
    }
    expect([...outcomes].sort()).toEqual([false, true]);
    // Of the hidden question, only its asker reads it without administering the video.
    expect(readersOfHidden).toEqual([w.users.studentA.name]);
  });
});
