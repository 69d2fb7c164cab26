import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUESTION_PAGE, type QuestionDto } from '@lectern/shared';
import { questions } from '../../db/schema';
import { type TestApp, createTestApp } from '../../../test/test-app';
import { type TestUser, createUser } from '../../../test/factories';
import {
  seedCourse,
  seedCourseMember,
  seedLecture,
  seedMedia,
  seedQuestion,
  seedResponse,
  seedVideo,
} from '../../../test/seed';
import { call, expectStatus } from '../../../test/calls';

// The bounded instructor lists (issue 14): Action Items / Home and the course questions page come in pages
// of `limit`, the next one announced by a cursor header; following the cursors gives the whole list once,
// in order.

const HOUR = 3_600_000;
const ids = (list: QuestionDto[]) => list.map((q) => q.id);

/** Every page of a list, following the next-cursor header until there is none. */
async function allPages(t: TestApp, as: TestUser, url: string, limit: number) {
  const pages: string[][] = [];
  let after: string | undefined;
  do {
    const query = `?limit=${limit}${after ? `&after=${encodeURIComponent(after)}` : ''}`;
    const res = await call(t, 'GET', `${url}${query}`, { as });
    expectStatus(res, 200);
    pages.push(ids(res.json<QuestionDto[]>()));
    after = res.headers[QUESTION_PAGE.nextCursorHeader] as string | undefined;
  } while (after && pages.length < 50);
  return pages;
}

describe('paged instructor lists', () => {
  let t: TestApp;
  let pat: TestUser;
  let student: TestUser;
  let stranger: TestUser;
  let courseId: string;
  /** Action Items of Pat, in the expected order. */
  let needing: string[];
  /** Answered questions of course alpha, in the expected order (released ones for students). */
  let answered: string[];
  let answeredReleased: string[];

  beforeAll(async () => {
    t = await createTestApp();
    pat = await createUser(t.app, { name: 'Pat Instructor' });
    student = await createUser(t.app, { name: 'Sue Student' });
    stranger = await createUser(t.app, { name: 'Stan Stranger' });
    const now = t.clock.now();
    const base = now.getTime() - HOUR;
    const at = (minutes: number) => new Date(base + minutes * 60_000);
    // Course names sort case-insensitively: "alpha" before "Beta".
    const beta = await seedCourse(t.db, pat.id, { name: 'Beta' });
    const alpha = await seedCourse(t.db, pat.id, { name: 'alpha' });
    courseId = alpha.id;
    await seedCourseMember(t.db, alpha.id, student.id);
    const early = await seedLecture(t.db, alpha.id, now, { lectureDate: new Date(base - 2 * HOUR) });
    const late = await seedLecture(t.db, alpha.id, now, { lectureDate: new Date(base - HOUR) });
    const unreleased = await seedLecture(t.db, alpha.id, now, {
      lectureDate: new Date(base - 3 * HOUR),
      lectureDateAvailable: new Date(now.getTime() + HOUR),
    });
    const [vEarly, vLate, vHidden] = [
      await seedVideo(t.db, early.id),
      await seedVideo(t.db, late.id),
      await seedVideo(t.db, unreleased.id),
    ];
    const betaLecture = await seedLecture(t.db, beta.id, now);
    const vBeta = await seedVideo(t.db, betaLecture.id);
    const other = await seedCourse(t.db, stranger.id, { name: 'Aardvark' });
    const otherLecture = await seedLecture(t.db, other.id, now);
    const vOther = await seedVideo(t.db, otherLecture.id);

    const ask = async (videoId: string, lectureId: string, minutes: number, extra = {}) =>
      (await seedQuestion(t.db, videoId, student.id, { lectureId, timePosted: at(minutes), ...extra })).id;
    // alpha: the live one first, then by time posted; two posted at the same instant go by id.
    const a1 = await ask(vEarly.id, early.id, 5);
    const a2 = await ask(vLate.id, late.id, 1);
    const ties = [await ask(vEarly.id, early.id, 3), await ask(vLate.id, late.id, 3)].sort();
    const live = await ask(vLate.id, late.id, 9, { status: 'live', live: true });
    const a3 = await ask(vHidden.id, unreleased.id, 2);
    const [b4, b2, b8, b6] = [
      await ask(vBeta.id, betaLecture.id, 4),
      await ask(vBeta.id, betaLecture.id, 2),
      await ask(vBeta.id, betaLecture.id, 8),
      await ask(vBeta.id, betaLecture.id, 6),
    ];
    needing = [live, a2, a3, ...ties, a1, b2, b4, b6, b8];
    // Someone else's course is never listed; it holds more than one default page.
    await t.db.insert(questions).values(
      Array.from({ length: QUESTION_PAGE.defaultLimit + 10 }, (_, i) => ({
        videoId: vOther.id,
        lectureId: otherLecture.id,
        askerId: student.id,
        question: `Bulk question number ${i}`,
        timeAsked: i,
        timePosted: at(i),
      })),
    );

    // Answered ones of alpha: by lecture date, then time asked.
    const media = await seedMedia(t.db, t.media, 'answer-4s.mp4', 4);
    const answer = async (videoId: string, lectureId: string, timeAsked: number) => {
      const q = await seedQuestion(t.db, videoId, student.id, { lectureId, timeAsked });
      await seedResponse(t.db, q.id, media, pat.id, now);
      return q.id;
    };
    const hidden = await answer(vHidden.id, unreleased.id, 1);
    const late1 = await answer(vLate.id, late.id, 0.5);
    const early2 = await answer(vEarly.id, early.id, 20.1);
    const early1 = await answer(vEarly.id, early.id, 10.3);
    const late2 = await answer(vLate.id, late.id, 7);
    const sameA = await answer(vLate.id, late.id, 7.7);
    const sameB = await answer(vLate.id, late.id, 7.7);
    const same = [sameA, sameB].sort();
    answeredReleased = [early1, early2, late1, late2, ...same];
    answered = [hidden, ...answeredReleased];
  });
  afterAll(() => t.close());

  const actionItems = (who: TestUser) => `/api/questions/user-courses-questions/${who.id}`;
  const courseQuestions = () => `/api/questions/with-response/${courseId}`;

  it('Action Items: only the caller’s courses, by course, live first, then earliest posted', async () => {
    const res = await call(t, 'GET', `${actionItems(pat)}?limit=${QUESTION_PAGE.maxLimit}`, { as: pat });
    expectStatus(res, 200);
    expect(ids(res.json<QuestionDto[]>())).toEqual(needing);
    expect(res.headers[QUESTION_PAGE.nextCursorHeader]).toBeUndefined();
  });

  it('Action Items: the cursor pages through the list without duplicates or gaps', async () => {
    const pages = await allPages(t, pat, actionItems(pat), 3);
    expect(pages.map((p) => p.length)).toEqual([3, 3, 3, 1]);
    expect(pages.flat()).toEqual(needing);
  });

  it('without a limit the answer is capped at the default page, with a cursor to the rest', async () => {
    const first = await call(t, 'GET', actionItems(stranger), { as: stranger });
    expectStatus(first, 200);
    const page = first.json<QuestionDto[]>();
    expect(page).toHaveLength(QUESTION_PAGE.defaultLimit);
    expect(page.map((q) => q.question).slice(0, 2)).toEqual([
      'Bulk question number 0',
      'Bulk question number 1',
    ]);
    const after = first.headers[QUESTION_PAGE.nextCursorHeader] as string;
    expect(after).toBeTruthy();
    const rest = await call(t, 'GET', `${actionItems(stranger)}?after=${encodeURIComponent(after)}`, {
      as: stranger,
    });
    expect(rest.json<QuestionDto[]>().map((q) => q.question)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Bulk question number ${QUESTION_PAGE.defaultLimit + i}`),
    );
    expect(rest.headers[QUESTION_PAGE.nextCursorHeader]).toBeUndefined();
  });

  it('course questions: by lecture date then time asked, paged; students see released lectures only', async () => {
    const adminPages = await allPages(t, pat, courseQuestions(), 4);
    expect(adminPages.map((p) => p.length)).toEqual([4, 3]);
    expect(adminPages.flat()).toEqual(answered);
    const studentPages = await allPages(t, student, courseQuestions(), 2);
    expect(studentPages.map((p) => p.length)).toEqual([2, 2, 2]);
    expect(studentPages.flat()).toEqual(answeredReleased);
  });

  it('400 for a limit out of range or a cursor that is not one', async () => {
    const forged = Buffer.from(JSON.stringify(['x', 1])).toString('base64url');
    for (const query of [
      'limit=0',
      `limit=${QUESTION_PAGE.maxLimit + 1}`,
      'limit=abc',
      'after=%%%',
      `after=${forged}`,
    ])
      for (const url of [actionItems(pat), courseQuestions()])
        expectStatus(await call(t, 'GET', `${url}?${query}`, { as: pat }), 400);
  });
});
