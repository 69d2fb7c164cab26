import { and, eq, gt, max } from 'drizzle-orm';
import type { PossibleAnswerDto, PossibleAnswersByQuestion, QuestionDto } from '@lectern/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { events, questions, responses } from '../../db/schema';
import { call, expectStatus } from '../../../test/calls';
import { duplicateLecture } from '../../../test/concurrent-copy';
import { statementsDuring } from '../../../test/query-log';
import type { TestUser } from '../../../test/factories';
import {
  seedCourse,
  seedCourseMember,
  seedLecture,
  seedMedia,
  seedQuestion,
  seedResponse,
  seedVideo,
} from '../../../test/seed';
import { type TestApp, createTestApp } from '../../../test/test-app';
import { type World, buildWorld } from '../../../test/world';
import { ANSWER_WITHDRAWN_SUBJECT } from './questions.mail';

// The instructor reuses answers (issue 24): "Possibly answered by …" finds answered questions in the courses
// the instructor administers only; "Use this answer" needs both sides administered, answers and tells the
// asker as any answer does; deleting the source answer sends the question back to waiting, its asker told.

const ASKED = 'Why is the acceleration negative at the top of the throw?';
const PARAPHRASE = 'how come the acceleration is negative at the highest point of the throw';

let t: TestApp;
let w: World;
let sha: string;
/** Last term's course, which adminA alone administers (coAdminA co-administers A only). */
let pastCourse: { id: string; name: string };
let pastVideo: string;
let pastLecture: string;
/** B's answered twin of the past question: adminA administers nothing there. */
let otherCourseQuestion: string;

beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t);
  sha = await seedMedia(t.db, t.media, 'answer-4s.mp4', 4);
  const { adminA, adminB, studentB } = w.users;
  pastCourse = await seedCourse(t.db, adminA.id, { name: 'Mechanics, last term' });
  const lecture = await seedLecture(t.db, pastCourse.id, t.clock.now(), { title: 'Throws' });
  pastLecture = lecture.id;
  pastVideo = (await seedVideo(t.db, lecture.id, { title: 'Throws, part 1' })).id;
  const b = await seedQuestion(t.db, w.VB.id, studentB.id, { question: ASKED, lectureId: w.LB.id });
  await seedResponse(t.db, b.id, sha, adminB.id);
  otherCourseQuestion = b.id;
});
afterAll(() => t.close());

/** An answered question of last term's course and a waiting paraphrase of it in course A. */
async function pastAndWaiting(asker: TestUser = w.users.studentA) {
  const past = await seedQuestion(t.db, pastVideo, null, {
    question: ASKED,
    lectureId: pastLecture,
    timeAsked: 7,
  });
  const answer = await seedResponse(t.db, past.id, sha, w.users.adminA.id);
  const waiting = await seedQuestion(t.db, w.VA1.id, asker.id, {
    question: PARAPHRASE,
    lectureId: w.LA.id,
    timeAsked: 8,
  });
  return { past: past.id, answer: answer.id, waiting: waiting.id };
}

const possible = (who: TestUser | null, questionId: string) =>
  call(t, 'GET', `/api/questions/${questionId}/possible-answers`, { as: who });
const possibleOf = (who: TestUser | null, questionIds: string[]) =>
  call(t, 'GET', `/api/questions/possible-answers?ids=${questionIds.join(',')}`, { as: who });
const link = (who: TestUser | null, questionId: string, answeredQuestionId: string) =>
  call(t, 'POST', `/api/questions/${questionId}/linked-answer`, { as: who, payload: { answeredQuestionId } });

async function lastEventId(): Promise<number> {
  const [row] = await t.db.select({ last: max(events.id) }).from(events);
  return Number(row?.last ?? 0);
}
/** The types of the events written since `after` about `questionId`. */
async function eventsAbout(questionId: string, after: number): Promise<string[]> {
  const rows = await t.db.select().from(events).where(gt(events.id, after));
  return rows
    .map((row) => row.payload as { type: string; questionId?: string })
    .filter((p) => p.questionId === questionId)
    .map((p) => p.type);
}
const responseOf = async (questionId: string) =>
  (await t.db.select().from(questions).where(eq(questions.id, questionId)))[0]?.responseId ?? null;

beforeEach(() => {
  t.mailer.sent.length = 0;
});

describe('Possibly answered by …', () => {
  it("finds answered questions of every course the instructor administers, never of another's", async () => {
    const { past, waiting } = await pastAndWaiting();
    const res = await possible(w.users.adminA, waiting);
    expectStatus(res, 200);
    const list = res.json<PossibleAnswerDto[]>();
    expect(list.map((p) => p.questionId)).toContain(past);
    expect(list.map((p) => p.questionId)).not.toContain(otherCourseQuestion);
    const found = list.find((p) => p.questionId === past)!;
    expect(found).toMatchObject({
      question: ASKED,
      time: 7,
      courseName: 'Mechanics, last term',
      answer: { kind: 'video', durationSeconds: 4 },
    });
    expect(list.length).toBeLessThanOrEqual(3);

    // coAdminA runs course A but not last term's: nothing from there.
    const coAdmin = await possible(w.users.coAdminA, waiting);
    expectStatus(coAdmin, 200);
    expect(coAdmin.json<PossibleAnswerDto[]>().map((p) => p.questionId)).not.toContain(past);
  });

  it('is for the admins of the question’s course only, and empty once it is answered', async () => {
    const { waiting } = await pastAndWaiting();
    for (const who of [w.users.studentA, w.users.adminB, w.users.outsider])
      expectStatus(await possible(who, waiting), 403);
    expectStatus(await possible(null, waiting), 401);
    const answered = await seedQuestion(t.db, w.VA1.id, w.users.studentA.id, {
      question: ASKED,
      lectureId: w.LA.id,
    });
    await seedResponse(t.db, answered.id, sha, w.users.adminA.id);
    const res = await possible(w.users.adminA, answered.id);
    expectStatus(res, 200);
    expect(res.json()).toEqual([]);
  });
});

describe('Possibly answered by …, for a page of Action Items in one read', () => {
  it('gives each question what its own read gives, and nothing of a course the caller does not run', async () => {
    const first = await pastAndWaiting();
    const second = await pastAndWaiting(w.users.studentA);
    const unrelated = await seedQuestion(t.db, w.VA1.id, w.users.studentA.id, {
      question: 'Will the slides be posted before the exam?',
      lectureId: w.LA.id,
    });
    const ids = [first.waiting, second.waiting, unrelated.id];
    for (const who of [w.users.adminA, w.users.coAdminA]) {
      const res = await possibleOf(who, ids);
      expectStatus(res, 200);
      const batch = res.json<PossibleAnswersByQuestion>();
      expect(Object.keys(batch).sort()).toEqual([...ids].sort());
      for (const id of ids) {
        const single = await possible(who, id);
        expectStatus(single, 200);
        expect(batch[id]).toEqual(single.json<PossibleAnswerDto[]>());
      }
      for (const list of Object.values(batch))
        expect(list.map((p) => p.questionId)).not.toContain(otherCourseQuestion);
    }
    const mine = (await possibleOf(w.users.adminA, ids)).json<PossibleAnswersByQuestion>();
    // Earlier tests leave twins of the past question: one of them, at least, is offered.
    expect(mine[first.waiting]!.map((p) => p.question)).toContain(ASKED);
  });

  it('matches the whole page in one statement, however many questions it holds', async () => {
    const { waiting } = await pastAndWaiting();
    const again = async (timeAsked: number) =>
      (
        await seedQuestion(t.db, w.VA1.id, w.users.studentA.id, {
          question: ASKED,
          lectureId: w.LA.id,
          timeAsked,
        })
      ).id;
    const ids = [waiting, await again(20), await again(40)];
    let res: Awaited<ReturnType<typeof possibleOf>> | undefined;
    const statements = await statementsDuring(t.db, async () => {
      res = await possibleOf(w.users.adminA, ids);
    });
    expectStatus(res!, 200);
    for (const id of ids)
      expect(res!.json<PossibleAnswersByQuestion>()[id]!.map((p) => p.question)).toContain(ASKED);
    // The matcher's statement is the one that builds a text-search query.
    expect(statements.filter((s) => s.includes('websearch_to_tsquery'))).toHaveLength(1);
  });

  it('fails whole as one question of it would alone: nothing of another course comes back', async () => {
    const { waiting } = await pastAndWaiting();
    const inB = await seedQuestion(t.db, w.VB.id, w.users.studentB.id, {
      question: PARAPHRASE,
      lectureId: w.LB.id,
    });
    expectStatus(await possibleOf(w.users.adminA, [waiting, inB.id]), 403);
    expectStatus(await possibleOf(w.users.adminB, [waiting]), 403);
    expectStatus(await possibleOf(w.users.studentA, [waiting]), 403);
    expectStatus(await possibleOf(null, [waiting]), 401);
    expectStatus(await possibleOf(w.users.adminA, []), 400);
    const tooMany = Array.from({ length: 51 }, () => crypto.randomUUID());
    expectStatus(await possibleOf(w.users.adminA, tooMany), 400);
  });
});

describe('Use this answer', () => {
  it('answers the question with the same answer and tells the asker as any answer does', async () => {
    const { past, answer, waiting } = await pastAndWaiting();
    const before = await lastEventId();
    const res = await link(w.users.adminA, waiting, past);
    expectStatus(res, 200);
    expect(res.json<QuestionDto>().response).toBe(answer);
    expect(await responseOf(waiting)).toBe(answer);
    expect(await responseOf(past)).toBe(answer); // one answer, two questions
    expect(await eventsAbout(waiting, before)).toEqual(['question.answered']);
    await t.settle();
    const mail = t.mailer.sent.filter((m) => m.to === w.users.studentA.email);
    expect(mail.map((m) => m.subject)).toEqual(['Your question was answered']);
    expect(mail[0]!.text).toContain(`/video/${w.VA1.id}/${answer}`);

    // The asker sees the answer and can play it.
    const seen = await call(t, 'GET', `/api/questions/${waiting}`, { as: w.users.studentA });
    expect(seen.json<QuestionDto>().response).toBe(answer);
    expectStatus(await call(t, 'GET', `/api/upload/videoAnswers/${answer}`, { as: w.users.studentA }), 200);

    // Once answered, it is not answered again by a link.
    expectStatus(await link(w.users.adminA, waiting, past), 409);
  });

  it('is refused to anyone who administers only one side', async () => {
    const { past, waiting } = await pastAndWaiting();
    // coAdminA administers the question's course, not last term's.
    expectStatus(await link(w.users.coAdminA, waiting, past), 403);
    // adminA administers the question's course, not B, whose answered question they can see (released).
    expectStatus(await link(w.users.adminA, waiting, otherCourseQuestion), 403);
    // adminB administers the answer's course B, not the question's.
    expectStatus(await link(w.users.adminB, waiting, otherCourseQuestion), 403);
    expectStatus(await link(w.users.studentA, waiting, past), 403);
    expectStatus(await link(null, waiting, past), 401);
    expect(await responseOf(waiting)).toBeNull();
    expect(t.mailer.sent).toEqual([]);
  });

  it('says what is wrong with the answered question', async () => {
    const { waiting } = await pastAndWaiting();
    expectStatus(await link(w.users.adminA, waiting, '00000000-0000-4000-8000-000000000000'), 404);
    const unanswered = await seedQuestion(t.db, pastVideo, null, { question: ASKED, lectureId: pastLecture });
    const res = await link(w.users.adminA, waiting, unanswered.id);
    expectStatus(res, 409);
    expect(res.json<{ error: string }>().error).toBe('That question has no response to reuse');
    expectStatus(await link(w.users.adminA, waiting, 'not-an-id'), 400);
  });
});

describe('deleting the source answer', () => {
  it('sends the question back to waiting, its asker told, and the answer goes', async () => {
    const { past, answer, waiting } = await pastAndWaiting();
    expectStatus(await link(w.users.adminA, waiting, past), 200);
    // Lent on again, the answer still belongs to the past question.
    const third = await seedQuestion(t.db, w.VA2.id, w.users.studentA.id, {
      question: PARAPHRASE,
      lectureId: w.LA.id,
    });
    expectStatus(await link(w.users.adminA, third.id, waiting), 200);
    await t.settle(); // the answers' mails are sent: what follows is the withdrawal's
    t.mailer.sent.length = 0;
    const before = await lastEventId();

    const edit = await call(t, 'PUT', `/api/questions/${past}`, {
      as: w.users.adminA,
      payload: { question: ASKED, topic: '', level: 1, timeAsked: 7, deleteResponse: true },
    });
    expectStatus(edit, 200);
    expect(await responseOf(waiting)).toBeNull();
    expect(await responseOf(third.id)).toBeNull();
    expect(await eventsAbout(waiting, before)).toEqual(['question.edited']);
    expect(await t.db.select().from(responses).where(eq(responses.id, answer))).toEqual([]);
    await t.settle();
    const told = t.mailer.sent.filter((m) => m.to === w.users.studentA.email).map((m) => m.subject);
    expect(told).toEqual([ANSWER_WITHDRAWN_SUBJECT, ANSWER_WITHDRAWN_SUBJECT]);

    // Waiting again: the instructor's list has it, the asker's card is gone, never a broken one.
    const seen = await call(t, 'GET', `/api/questions/${waiting}`, { as: w.users.studentA });
    expect(seen.json<QuestionDto>().response).toBe('');
    expectStatus(await call(t, 'GET', `/api/upload/videoAnswers/${answer}`, { as: w.users.studentA }), 404);
    const again = await possible(w.users.adminA, waiting);
    expect(again.json<PossibleAnswerDto[]>().map((p) => p.questionId)).not.toContain(past);
  });

  it('deleting the source question does the same; deleting a borrower’s answer leaves the source alone', async () => {
    const first = await pastAndWaiting();
    expectStatus(await link(w.users.adminA, first.waiting, first.past), 200);
    expectStatus(await call(t, 'DELETE', `/api/questions/${first.past}`, { as: w.users.adminA }), 204);
    expect(await responseOf(first.waiting)).toBeNull();

    const second = await pastAndWaiting();
    expectStatus(await link(w.users.adminA, second.waiting, second.past), 200);
    const edit = await call(t, 'PUT', `/api/questions/${second.waiting}`, {
      as: w.users.adminA,
      payload: { question: PARAPHRASE, topic: '', level: 1, timeAsked: 8, deleteResponse: true },
    });
    expectStatus(edit, 200);
    expect(await responseOf(second.past)).toBe(second.answer);
  });
});

describe('a link racing the deletion of its answer', () => {
  it('ends with the question waiting, and its asker told whenever the link was made', async () => {
    for (let round = 0; round < 5; round++) {
      await t.settle();
      t.mailer.sent.length = 0;
      const asker = w.users.studentA;
      const { past, answer, waiting } = await pastAndWaiting(asker);
      const [linked, deleted] = await Promise.all([
        link(w.users.adminA, waiting, past),
        call(t, 'PUT', `/api/questions/${past}`, {
          as: w.users.adminA,
          payload: { question: ASKED, topic: '', level: 1, timeAsked: 7, deleteResponse: true },
        }),
      ]);
      expectStatus(deleted, 200);
      expect([200, 409]).toContain(linked.statusCode);
      expect(await responseOf(waiting)).toBeNull();
      expect(await t.db.select().from(responses).where(eq(responses.id, answer))).toEqual([]);
      await t.settle();
      const told = t.mailer.sent.filter((m) => m.to === asker.email).map((m) => m.subject);
      expect(told).toEqual(
        linked.statusCode === 200 ? ['Your question was answered', ANSWER_WITHDRAWN_SUBJECT] : [],
      );
    }
  });
});

describe("deleting the source's lecture", () => {
  it('keeps the answer for the questions that borrowed it: no answer was deleted, and none breaks', async () => {
    const lecture = await seedLecture(t.db, pastCourse.id, t.clock.now(), { title: 'Old throws' });
    const video = await seedVideo(t.db, lecture.id, { title: 'Old throws, part 1' });
    const past = await seedQuestion(t.db, video.id, null, { question: ASKED, lectureId: lecture.id });
    const answer = await seedResponse(t.db, past.id, sha, w.users.adminA.id);
    const waiting = await seedQuestion(t.db, w.VA1.id, w.users.studentA.id, {
      question: PARAPHRASE,
      lectureId: w.LA.id,
    });
    expectStatus(await link(w.users.adminA, waiting.id, past.id), 200);
    expectStatus(await call(t, 'DELETE', `/api/lectures/${lecture.id}`, { as: w.users.adminA }), 200);
    await t.settle();
    expect(await t.db.select().from(questions).where(eq(questions.id, past.id))).toEqual([]);
    expect(await responseOf(waiting.id)).toBe(answer.id);
    expectStatus(
      await call(t, 'GET', `/api/upload/videoAnswers/${answer.id}`, { as: w.users.studentA }),
      200,
    );
  });
});

describe('a lecture duplicated with its answered questions', () => {
  it('copies them with their answers, askers and times, independent of the source', async () => {
    const { studentA, adminA } = w.users;
    const posted = new Date('2026-03-02T10:00:00.000Z');
    const answered = await seedQuestion(t.db, w.VA1.id, studentA.id, {
      question: ASKED,
      lectureId: w.LA.id,
      timeAsked: 12,
      timePosted: posted,
    });
    const answer = await seedResponse(t.db, answered.id, sha, adminA.id, posted);
    const next = await seedCourse(t.db, adminA.id, { name: 'Mechanics, next term' });
    await seedCourseMember(t.db, next.id, w.users.studentB.id);
    const res = await duplicateLecture(t, adminA, { courseId: next.id, lectureId: w.LA.id }, 'duplicate', [
      answered.id,
    ]);
    expectStatus(res, 201);
    const lectureId = res.json<{ id: string }>().id;
    const [copy] = await t.db.select().from(questions).where(eq(questions.lectureId, lectureId));
    expect(copy).toMatchObject({
      question: ASKED,
      askerId: studentA.id,
      timeAsked: 12,
      timePosted: posted,
      responseId: answer.id,
      answeredAt: posted,
    });
    expect(copy!.videoId).not.toBe(w.VA1.id);

    // A student of next term's course sees the card and plays its answer.
    const list = await call(t, 'GET', `/api/questions/lecture-questions/${lectureId}`, {
      as: w.users.studentB,
    });
    expect(list.json<QuestionDto[]>().map((q) => q.response)).toEqual([answer.id]);

    // An independent copy: deleting the original's answer leaves the copy answered.
    const edit = await call(t, 'PUT', `/api/questions/${answered.id}`, {
      as: adminA,
      payload: { question: ASKED, topic: '', level: 1, timeAsked: 12, deleteResponse: true },
    });
    expectStatus(edit, 200);
    const [still] = await t.db
      .select()
      .from(questions)
      .where(and(eq(questions.id, copy!.id)));
    expect(still!.responseId).toBe(answer.id);
  });
});
