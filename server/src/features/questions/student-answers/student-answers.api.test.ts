import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  CourseDto,
  OpenQuestionList,
  QuestionDto,
  StudentAnswerDto,
  StudentAnswerList,
} from '@lectern/shared';
import { events, responses } from '../../../db/schema';
import { type TestUser, createUser } from '../../../../test/factories';
import { expectStatus } from '../../../../test/calls';
import { seedCourseMember, seedQuestion, seedResponse } from '../../../../test/seed';
import { activeParts } from '../answer-text/inert';
import { XSS_CORPUS } from '../answer-text/xss-corpus';
import { questionsWorldFixture } from '../test/world';

describe('students answer classmates’ questions; the instructor endorses one (issue 24)', () => {
  const { t, w } = questionsWorldFixture();

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who?: TestUser, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: who ? who.auth : {},
      ...(payload === undefined ? {} : { payload }),
    });
  const post = (questionId: string, text: string, who: TestUser) =>
    call('POST', `/api/questions/${questionId}/student-answers`, who, { text });
  const posted = async (questionId: string, text: string, who: TestUser) => {
    const res = await post(questionId, text, who);
    expectStatus(res, 201);
    return res.json<StudentAnswerDto>();
  };
  const endorse = (answerId: string, endorsed: boolean, who: TestUser) =>
    call('PUT', `/api/student-answers/${answerId}/endorsement`, who, { endorsed });
  const list = async (questionId: string, who: TestUser) => {
    const res = await call('GET', `/api/questions/${questionId}/student-answers`, who);
    expectStatus(res, 200);
    return res.json<StudentAnswerList>();
  };
  const question = async (questionId: string, who: TestUser) => {
    const res = await call('GET', `/api/questions/${questionId}`, who);
    expectStatus(res, 200);
    return res.json<QuestionDto>();
  };
  const setAllowed = async (studentsAnswer: boolean) => {
    const res = await call('PUT', `/api/courses/${w.A.id}`, w.users.adminA, {
      name: 'Course A',
      description: 'A course',
      studentsAnswer,
    });
    expectStatus(res, 200);
    return res.json<CourseDto>();
  };
  const waiting = (text = 'Why is the acceleration negative here?', asker = w.users.studentA) =>
    seedQuestion(t.db, w.VA1.id, asker.id, { lectureId: w.LA.id, question: text });
  const eventTypesAfter = async (write: () => Promise<unknown>) => {
    const before = (await t.db.select({ id: events.id }).from(events)).length;
    await write();
    const all = await t.db.select().from(events).orderBy(events.id);
    return all.slice(before).map((e) => (e.payload as { type: string }).type);
  };

  it('is off by default: students cannot answer, and see no classmates’ questions', async () => {
    const course = await call('GET', `/api/courses/${w.A.id}`, w.users.studentA);
    expect(course.json<CourseDto>().studentsAnswer).toBe(false);
    const q = await waiting();
    expectStatus(await post(q.id, 'Because gravity points down.', w.users.studentA2), 403);
    const open = await call('GET', `/api/videos/${w.VA1.id}/open-questions`, w.users.studentA2);
    expect(open.json<OpenQuestionList>().questions).toEqual([]);
  });

  describe('once the course allows it', () => {
    /** A third student of A. */
    let third: TestUser;
    beforeAll(async () => {
      expect((await setAllowed(true)).studentsAnswer).toBe(true);
      third = await createUser(t.app, { name: 'Val Student' });
      await seedCourseMember(t.db, w.A.id, third.id);
    });

    it('lists classmates’ waiting questions to its students, never their own nor answered ones', async () => {
      const q = await waiting('Is the sampling theorem exact?');
      const of = async (who: TestUser) =>
        (await call('GET', `/api/videos/${w.VA1.id}/open-questions`, who)).json<OpenQuestionList>().questions;
      const ids = (await of(w.users.studentA2)).map((x) => x._id);
      expect(ids).toContain(q.id);
      expect(ids).toContain(w.qOpen.id);
      expect(ids).not.toContain(w.qAnswered.id);
      expect((await of(w.users.studentA)).map((x) => x._id)).not.toContain(q.id);
      expect(await of(w.users.studentB)).toEqual([]);
      // Never who asked.
      expect(Object.keys((await of(w.users.studentA2))[0]!).sort()).toEqual([
        '_id',
        'question',
        'timeAsked',
        'timePosted',
      ]);
    });

    it('refuses the asker, non-members, instructors and a second answer', async () => {
      const q = await waiting();
      const { studentA, studentA2, studentB, outsider, adminA } = w.users;
      expectStatus(await post(q.id, 'I answer myself.', studentA), 403);
      expectStatus(await post(q.id, 'From another course.', studentB), 403);
      expectStatus(await post(q.id, 'From nowhere.', outsider), 403);
      expectStatus(await post(q.id, 'As the instructor.', adminA), 403);
      await posted(q.id, 'Because v points down.', studentA2);
      expectStatus(await post(q.id, 'Once more.', studentA2), 409);
      expectStatus(await call('GET', `/api/questions/${q.id}/student-answers`, studentB), 403);
      // Of an unreleased lecture, students read nothing.
      expectStatus(await call('GET', `/api/questions/${w.qUnreleased.id}/student-answers`, studentA2), 404);
    });

    it('endorsing answers the question for everyone, tells the asker, and names the author as the course does', async () => {
      const q = await waiting();
      const { studentA, studentA2, adminA, coAdminA, adminB } = w.users;
      const answer = await posted(q.id, 'The axis points **up**, gravity down.', studentA2);
      expect(answer).toMatchObject({ own: true, authorName: studentA2.name, endorsed: false });

      expectStatus(await endorse(answer._id, true, studentA), 403);
      expectStatus(await endorse(answer._id, true, studentA2), 403);
      expectStatus(await endorse(answer._id, true, adminB), 403);
      t.mailer.sent.length = 0;
      const types = await eventTypesAfter(async () =>
        expectStatus(await endorse(answer._id, true, coAdminA), 200),
      );
      expect(types.sort()).toEqual(['question.answered', 'studentanswer.changed']);

      const answered = await question(q.id, studentA);
      expect(answered.response).not.toBe('');
      expect(answered.endorsed).toBe(true);
      expect(answered.answerText?.html).toBe('<p>The axis points <strong>up</strong>, gravity down.</p>\n');
      await expect
        .poll(() => t.mailer.sent.filter((m) => m.to === studentA.email).map((m) => m.subject))
        .toEqual(['Your question was answered']);

      const names = async (who: TestUser) =>
        (await list(q.id, who)).answers.map((a) => [a.authorName, a.endorsed]);
      expect(await names(studentA)).toEqual([[null, true]]);
      expect(await names(adminA)).toEqual([[studentA2.name, true]]);
      expect(await names(studentA2)).toEqual([[studentA2.name, true]]);

      // What the instructor vouched for stays as it is; one endorsed answer per question.
      const edit = await call('PUT', `/api/student-answers/${answer._id}`, studentA2, { text: 'Changed.' });
      expectStatus(edit, 409);
      const other = await posted(q.id, 'Signs are conventions.', third);
      expectStatus(await endorse(other._id, true, adminA), 409);

      // Withdrawn: the question waits again and the answer made from it goes.
      const withdrawn = await eventTypesAfter(async () =>
        expectStatus(await endorse(answer._id, false, adminA), 200),
      );
      expect(withdrawn.sort()).toEqual(['question.edited', 'studentanswer.changed']);
      const waitingAgain = await question(q.id, studentA);
      expect([waitingAgain.response, waitingAgain.endorsed]).toEqual(['', undefined]);
      expect(await t.db.select().from(responses).where(eq(responses.id, answered.response))).toEqual([]);

      // Deleting an endorsed answer returns the question to waiting too.
      expectStatus(await endorse(other._id, true, adminA), 200);
      expect((await question(q.id, studentA)).endorsed).toBe(true);
      expectStatus(await call('DELETE', `/api/student-answers/${other._id}`, third), 204);
      expect((await question(q.id, studentA)).response).toBe('');
    });

    it('on a question the instructor answered, endorsing labels the answer only and withdrawing keeps the question answered', async () => {
      const q = await waiting();
      const instructors = await seedResponse(t.db, q.id, w.media, w.users.adminA.id, t.clock.now());
      const answer = await posted(q.id, 'Same as the video says.', w.users.studentA2);
      expectStatus(await endorse(answer._id, true, w.users.adminA), 200);
      const endorsedView = await question(q.id, w.users.studentA);
      expect([endorsedView.response, endorsedView.endorsed]).toEqual([instructors.id, undefined]);
      expectStatus(await endorse(answer._id, false, w.users.adminA), 200);
      expect((await question(q.id, w.users.studentA)).response).toBe(instructors.id);
    });

    it('its author edits it; its author or the course’s admins delete it', async () => {
      const q = await waiting();
      const answer = await posted(q.id, 'First try.', w.users.studentA2);
      expectStatus(
        await call('PUT', `/api/student-answers/${answer._id}`, w.users.studentA, { text: 'x' }),
        403,
      );
      const edited = await call('PUT', `/api/student-answers/${answer._id}`, w.users.studentA2, {
        text: 'Second.',
      });
      expectStatus(edited, 200);
      expect(edited.json<StudentAnswerDto>()).toMatchObject({
        textHtml: '<p>Second.</p>\n',
        text: 'Second.',
      });
      expect(edited.json<StudentAnswerDto>().editedAt).not.toBeNull();
      expectStatus(await call('DELETE', `/api/student-answers/${answer._id}`, w.users.studentA), 403);
      expectStatus(await call('DELETE', `/api/student-answers/${answer._id}`, w.users.adminA), 204);
      expect((await list(q.id, w.users.studentA2)).answers).toEqual([]);
    });

    it('renders the XSS corpus inert through a student answer', async () => {
      let rendered = 0;
      for (const payload of XSS_CORPUS) {
        // One answer per student per question: a question for each payload.
        const q = await waiting(`XSS ${rendered}`);
        const res = await post(q.id, payload.slice(0, 5000), w.users.studentA2);
        if (res.statusCode === 400) continue; // maths KaTeX refuses
        expectStatus(res, 201);
        rendered++;
        expect(activeParts(res.json<StudentAnswerDto>().textHtml), payload).toEqual([]);
        for (const a of (await list(q.id, w.users.adminA)).answers)
          expect(activeParts(a.textHtml), payload).toEqual([]);
      }
      expect(rendered).toBeGreaterThan(XSS_CORPUS.length - 5);
    });
  });
});
