import { desc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { FlaggedPostList, FollowUpList, QuestionDto, StudentAnswerList } from '@lectern/shared';
import { events } from '../../../db/schema';
import type { Audience } from '../../../events/domain-event';
import type { TestUser } from '../../../../test/factories';
import { expectStatus } from '../../../../test/calls';
import { seedFollowUp, seedQuestion, seedResponse, seedStudentAnswer } from '../../../../test/seed';
import { questionsWorldFixture } from '../test/world';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('flags and hiding (issue 24)', () => {
  const { t, w } = questionsWorldFixture();

  const send = (method: 'GET' | 'POST' | 'PUT', url: string, who?: TestUser, payload?: object) =>
    t.app.inject({ method, url, headers: who ? who.auth : {}, ...(payload ? { payload } : {}) });
  const flag = (kind: string, id: string, who?: TestUser, reason?: string) =>
    send('POST', `/api/posts/${kind}/${id}/flags`, who, reason === undefined ? {} : { reason });
  const hide = (kind: string, id: string, who: TestUser, hidden = true) =>
    send('PUT', `/api/posts/${kind}/${id}/hidden`, who, { hidden });
  const answered = async (question = 'Is the Fourier series of a square wave convergent?') => {
    const q = await seedQuestion(t.db, w.VA1.id, w.users.studentA2.id, {
      lectureId: w.LA.id,
      question,
      timeAsked: 9,
    });
    await seedResponse(t.db, q.id, w.media, w.users.adminA.id, t.clock.now());
    return q;
  };
  const listed = async (questionId: string, who?: TestUser) => {
    const res = await send('GET', `/api/upload/${w.VA1.id}`, who);
    expectStatus(res, 200);
    return res.json<{ questions: QuestionDto[] }>().questions.find((q) => q.id === questionId);
  };
  const flagged = async (who: TestUser) => {
    const res = await send('GET', '/api/flags', who);
    expectStatus(res, 200);
    return res.json<FlaggedPostList>().posts;
  };
  const lastEvent = async () => {
    const [row] = await t.db.select().from(events).orderBy(desc(events.id)).limit(1);
    return { payload: row!.payload as object, audience: row!.audience as Audience };
  };

  it('members flag a post once, with an optional reason; strangers and visitors cannot', async () => {
    const q = await answered();
    const { studentA, studentA2, outsider, studentB, adminB } = w.users;
    expectStatus(await flag('question', q.id), 401);
    expectStatus(await flag('question', q.id, outsider), 403);
    expectStatus(await flag('question', q.id, studentB), 403);
    expectStatus(await flag('question', q.id, adminB), 403);
    expectStatus(await flag('question', UNKNOWN, studentA), 404);
    expectStatus(await flag('question', w.qOpen.id, studentA2), 404); // another's unanswered question
    expectStatus(await flag('question', q.id, studentA, 'Off topic'), 204);
    const event = await lastEvent();
    // The flag tells the course's admins, not the asker.
    expect(event.payload).toMatchObject({ type: 'question.edited', questionId: q.id });
    expect(event.audience).toMatchObject({ visibility: 'admins', askerId: null });
    expectStatus(await flag('question', q.id, studentA, 'Again'), 409);
    expectStatus(await flag('question', q.id, w.users.studentA2), 204);
    expectStatus(await flag('post', q.id, studentA), 400);
    expectStatus(
      await send('POST', `/api/posts/question/${q.id}/flags`, studentA, { reason: 'x'.repeat(301) }),
      400,
    );

    const [post] = await flagged(w.users.coAdminA);
    expect(post).toMatchObject({
      kind: 'question',
      id: q.id,
      questionId: q.id,
      flags: 2,
      reasons: ['Off topic'],
      hidden: false,
    });
    expect(await flagged(studentA)).toEqual([]);
    expect(await flagged(adminB)).toEqual([]);
  });

  it('only the admins of its course hide a question; classmates lose it everywhere, its asker keeps it', async () => {
    const q = await answered('Does the hidden square wave converge uniformly?');
    const { studentA, studentA2, adminA, coAdminA, adminB } = w.users;
    expectStatus(await hide('question', q.id, studentA), 403);
    expectStatus(await hide('question', q.id, studentA2), 403); // its asker neither
    expectStatus(await hide('question', q.id, adminB), 403);
    expectStatus(await hide('question', q.id, coAdminA), 204);
    // Hiding an answered question tells its watchers, whose lists drop it; later events are the admins'.
    expect((await lastEvent()).audience.visibility).toBe('watchers');

    expect(await listed(q.id, studentA)).toBeUndefined();
    expect(await listed(q.id)).toBeUndefined();
    expect((await listed(q.id, studentA2))?.hidden).toBe(true);
    expect((await listed(q.id, adminA))?.hidden).toBe(true);
    const words = encodeURIComponent('hidden square wave converge');
    for (const url of [
      `/api/questions/lecture-questions/${w.LA.id}`,
      `/api/questions/with-response/${w.A.id}`,
      `/api/courses/${w.A.id}/search?q=${words}`,
      `/api/videos/${w.VA1.id}/suggestions?q=${words}&t=9`,
    ]) {
      const res = await send('GET', url, studentA);
      expectStatus(res, 200);
      expect(res.body.includes(q.id), url).toBe(false);
    }
    expectStatus(await send('GET', `/api/questions/${q.id}/follow-ups`, studentA), 404);
    expectStatus(await flag('question', q.id, studentA), 404);

    expectStatus(await send('PUT', `/api/questions/ratings/${q.id}`, adminA, { voteOptions: 'UP' }), 200);
    expect(await lastEvent()).toMatchObject({
      payload: { type: 'vote.changed' },
      audience: { visibility: 'admins' },
    });

    expectStatus(await hide('question', q.id, adminA, false), 204);
    expect((await listed(q.id, studentA))?.hidden).toBe(false);
    const res = await send('GET', `/api/courses/${w.A.id}/search?q=${words}`, studentA);
    expect(res.body).toContain(q.id);
  });

  it('a hidden follow-up is listed for its author and the admins only', async () => {
    const q = await answered();
    const { studentA, studentA2, adminA } = w.users;
    const f = await seedFollowUp(t.db, q.id, studentA.id, 'Rude remark');
    expectStatus(await flag('followUp', f.id, studentA2, 'Rude'), 204);
    expect((await lastEvent()).payload).toMatchObject({ type: 'followup.changed', followUpId: f.id });
    expectStatus(await hide('followUp', f.id, studentA2), 403);
    expectStatus(await hide('followUp', f.id, adminA), 204);
    expect((await lastEvent()).audience.visibility).toBe('members');
    const list = async (who: TestUser) => {
      const res = await send('GET', `/api/questions/${q.id}/follow-ups`, who);
      expectStatus(res, 200);
      return res.json<FollowUpList>().followUps.map((x) => [x._id, x.hidden]);
    };
    expect(await list(studentA2)).toEqual([]);
    expect(await list(studentA)).toEqual([[f.id, true]]);
    expect(await list(adminA)).toEqual([[f.id, true]]);
    expect(await flagged(adminA)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'followUp', id: f.id, text: 'Rude remark', hidden: true }),
      ]),
    );
    expectStatus(await hide('followUp', f.id, adminA, false), 204);
    expect(await list(studentA2)).toEqual([[f.id, false]]);
  });

  it('a student answer is flagged by its readers, hidden by the admins, and then listed for its author and the admins only', async () => {
    // A waiting question: its classmates read its student answers, though not the question in their lists.
    const q = await seedQuestion(t.db, w.VA1.id, w.users.studentA.id, {
      lectureId: w.LA.id,
      question: 'Why does the phasor rotate counter-clockwise?',
    });
    const { studentA, studentA2, adminA, coAdminA, adminB, studentB, outsider } = w.users;
    const a = await seedStudentAnswer(t.db, q.id, studentA2.id, 'Ask someone smarter');
    expectStatus(await flag('studentAnswer', a.id), 401);
    expectStatus(await flag('studentAnswer', a.id, outsider), 403);
    expectStatus(await flag('studentAnswer', a.id, studentB), 403);
    expectStatus(await flag('studentAnswer', a.id, adminB), 403);
    expectStatus(await flag('studentAnswer', UNKNOWN, studentA), 404);
    expectStatus(await flag('studentAnswer', a.id, studentA, 'Unhelpful'), 204);
    expect(await lastEvent()).toMatchObject({
      payload: { type: 'studentanswer.changed', questionId: q.id, studentAnswerId: a.id },
      audience: { visibility: 'admins', askerId: null },
    });
    expectStatus(await flag('studentAnswer', a.id, studentA), 409);

    expectStatus(await hide('studentAnswer', a.id, studentA), 403);
    expectStatus(await hide('studentAnswer', a.id, studentA2), 403); // its author neither
    expectStatus(await hide('studentAnswer', a.id, adminB), 403);
    expectStatus(await hide('studentAnswer', a.id, coAdminA), 204);
    // Hiding tells whoever read it when shown, so that their lists drop it.
    expect((await lastEvent()).audience).toMatchObject({ visibility: 'members', askerId: studentA.id });
    const list = async (who: TestUser) => {
      const res = await send('GET', `/api/questions/${q.id}/student-answers`, who);
      expectStatus(res, 200);
      return res.json<StudentAnswerList>().answers.map((x) => [x._id, x.hidden]);
    };
    expect(await list(studentA)).toEqual([]);
    expect(await list(studentA2)).toEqual([[a.id, true]]);
    expect(await list(adminA)).toEqual([[a.id, true]]);
    expectStatus(await flag('studentAnswer', a.id, studentA), 404);
    expect(await flagged(adminA)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'studentAnswer',
          id: a.id,
          questionId: q.id,
          text: 'Ask someone smarter',
          flags: 1,
          reasons: ['Unhelpful'],
          hidden: true,
        }),
      ]),
    );
    expect(await flagged(adminB)).toEqual([]);

    // A hidden answer is not endorsed, and an endorsed one is not hidden: the admin withdraws first.
    const endorse = (endorsed: boolean) =>
      send('PUT', `/api/student-answers/${a.id}/endorsement`, adminA, { endorsed });
    const hiddenEndorsed = await endorse(true);
    expectStatus(hiddenEndorsed, 409);
    expect(hiddenEndorsed.json()).toMatchObject({ error: 'Restore this answer before endorsing it' });
    expectStatus(await hide('studentAnswer', a.id, adminA, false), 204);
    expect(await list(studentA)).toEqual([[a.id, false]]);
    expectStatus(await endorse(true), 200);
    const refused = await hide('studentAnswer', a.id, adminA);
    expectStatus(refused, 409);
    expect(refused.json()).toMatchObject({ error: 'Withdraw the endorsement before hiding this answer' });
    expect(await list(studentA)).toEqual([[a.id, false]]);
    expectStatus(await endorse(false), 200);
    expectStatus(await hide('studentAnswer', a.id, adminA), 204);
    expect(await list(studentA)).toEqual([]);
  });
});
