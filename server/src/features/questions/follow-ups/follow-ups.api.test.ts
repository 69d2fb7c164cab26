import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { FOLLOW_UP_TOO_LONG, type FollowUpDto, type FollowUpList, MAX_FOLLOW_UP_TEXT } from '@lectern/shared';
import { events, followUps } from '../../../db/schema';
import type { TestUser } from '../../../../test/factories';
import { expectStatus } from '../../../../test/calls';
import { seedQuestion, seedResponse } from '../../../../test/seed';
import { activeParts } from '../answer-text/inert';
import { XSS_CORPUS } from '../answer-text/xss-corpus';
import { FOLLOW_UP_ANSWERED_SUBJECT } from '../questions.mail';
import { questionsWorldFixture } from '../test/world';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('follow-ups under an answered question (issue 24)', () => {
  const { t, w } = questionsWorldFixture();

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    who?: TestUser,
    payload?: { text: unknown },
  ) =>
    t.app.inject({
      method,
      url,
      headers: who ? who.auth : {},
      ...(payload === undefined ? {} : { payload }),
    });
  const post = (questionId: string, text: unknown, who?: TestUser) =>
    call('POST', `/api/questions/${questionId}/follow-ups`, who, { text });
  const list = async (questionId: string, who: TestUser) => {
    const res = await call('GET', `/api/questions/${questionId}/follow-ups`, who);
    expectStatus(res, 200);
    return res.json<FollowUpList>().followUps;
  };
  const answer = (followUpId: string, text: unknown, who?: TestUser) =>
    call('PUT', `/api/follow-ups/${followUpId}/answer`, who, { text });
  const answered = async (question = 'Why is the acceleration negative here?') => {
    const q = await seedQuestion(t.db, w.VA1.id, w.users.studentA.id, { lectureId: w.LA.id, question });
    await seedResponse(t.db, q.id, w.media, w.users.adminA.id, t.clock.now());
    return q;
  };
  const eventsAfter = async (write: () => Promise<unknown>) => {
    const before = (await t.db.select({ id: events.id }).from(events)).length;
    await write();
    const all = await t.db.select().from(events).orderBy(events.id);
    return all.slice(before).map((e) => e.payload as { type: string; questionId?: string });
  };
  const rows = (questionId: string) =>
    t.db.select().from(followUps).where(eq(followUps.questionId, questionId));

  it('the asker and classmates post and read them; the author’s name only for admins and the author', async () => {
    const q = await answered();
    const { studentA, studentA2, adminA, coAdminA } = w.users;
    t.mailer.sent.length = 0;
    const res = await post(q.id, 'Does it hold for *negative* x?', studentA2);
    const written = await eventsAfter(async () => {
      expectStatus(await post(q.id, 'And what about x = 0?', studentA), 201);
    });
    expect(written).toEqual([expect.objectContaining({ type: 'followup.changed', questionId: q.id })]);
    expectStatus(res, 201);
    expect(res.json<FollowUpDto>()).toMatchObject({
      own: true,
      authorName: studentA2.name,
      textHtml: '<p>Does it hold for <em>negative</em> x?</p>\n',
      answerHtml: null,
    });

    const byAsker = await list(q.id, studentA);
    expect(byAsker.map((f) => [f.own, f.authorName])).toEqual([
      [false, null],
      [true, studentA.name],
    ]);
    const byAdmin = await list(q.id, coAdminA);
    expect(byAdmin.map((f) => f.authorName)).toEqual([studentA2.name, studentA.name]);

    // Action Items lists them for the admins of the question's course only.
    const waiting = async (who: TestUser) => {
      const res = await call('GET', '/api/follow-ups/waiting', who);
      expectStatus(res, 200);
      return res
        .json<{ followUps: { questionId: string; question: string }[] }>()
        .followUps.filter((f) => f.questionId === q.id);
    };
    expect(await waiting(adminA)).toEqual([
      expect.objectContaining({ question: q.question }),
      expect.objectContaining({ question: q.question }),
    ]);
    for (const who of [studentA, w.users.adminB]) expect(await waiting(who)).toEqual([]);

    // The course's admins are told as of a new question, the author excepted.
    await expect
      .poll(() => t.mailer.sent.filter((m) => m.subject.startsWith('Follow-up on:')).length)
      .toBe(4);
    const mail = t.mailer.sent.find((m) => m.to === adminA.email && m.text.includes('negative'))!;
    expect(mail.subject).toBe('Follow-up on: Why is the acceleration negative here?');
    expect(mail.text).toContain(`/respond/${q.id}`);
  });

  it('refused or invisible outside: anonymous, non-members, other courses, unreleased lectures, unknown', async () => {
    const q = await answered();
    expectStatus(await post(q.id, 'Hello?'), 401);
    expectStatus(await call('GET', `/api/questions/${q.id}/follow-ups`), 401);
    for (const who of [w.users.outsider, w.users.studentB, w.users.adminB]) {
      expectStatus(await post(q.id, 'Hello?', who), 403);
      expectStatus(await call('GET', `/api/questions/${q.id}/follow-ups`, who), 403);
    }
    await seedResponse(t.db, w.qUnreleased.id, w.media, w.users.adminA.id, t.clock.now());
    expectStatus(await post(w.qUnreleased.id, 'Early?', w.users.studentA2), 404);
    expectStatus(await call('GET', `/api/questions/${w.qUnreleased.id}/follow-ups`, w.users.studentA2), 404);
    expectStatus(await post(UNKNOWN, 'Hello?', w.users.studentA), 404);
    expect(await rows(q.id)).toEqual([]);
  });

  it('only under an answered question: a classmate does not see an unanswered one, the asker may not post', async () => {
    const q = await seedQuestion(t.db, w.VA1.id, w.users.studentA.id, { lectureId: w.LA.id });
    expectStatus(await post(q.id, 'Me too', w.users.studentA2), 404);
    expectStatus(await post(q.id, 'Anyone?', w.users.studentA), 403);
    expect(await list(q.id, w.users.studentA)).toEqual([]);
  });

  it('says the length limit; empty and non-text bodies are 400', async () => {
    const q = await answered();
    const res = await post(q.id, 'x'.repeat(MAX_FOLLOW_UP_TEXT + 1), w.users.studentA);
    expectStatus(res, 400);
    expect(JSON.stringify(res.json())).toContain(FOLLOW_UP_TOO_LONG);
    expectStatus(await post(q.id, '  ', w.users.studentA), 400);
    expectStatus(await post(q.id, 7, w.users.studentA), 400);
    expectStatus(await post(q.id, 'x'.repeat(MAX_FOLLOW_UP_TEXT), w.users.studentA), 201);
  });

  it('one level only: the instructor answers in words, the author is told; students cannot reply', async () => {
    const q = await answered();
    const mine = (await post(q.id, 'Is $a<0$ always?', w.users.studentA2)).json<FollowUpDto>();
    // No reply of a follow-up: there is no route for one, and a student may not write its answer.
    expectStatus(
      await call('POST', `/api/follow-ups/${mine._id}/follow-ups`, w.users.studentA, { text: 'x' }),
      404,
    );
    for (const who of [w.users.studentA, w.users.studentA2, w.users.adminB])
      expectStatus(await answer(mine._id, 'No.', who), 403);
    expectStatus(await answer(UNKNOWN, 'No.', w.users.adminA), 404);

    t.mailer.sent.length = 0;
    const written = await eventsAfter(async () => {
      const res = await answer(mine._id, 'Only while braking: $a = -2$.', w.users.coAdminA);
      expectStatus(res, 200);
    });
    expect(written.map((e) => e.type)).toEqual(['followup.changed']);
    const [seen] = await list(q.id, w.users.studentA);
    expect(seen!.answerHtml).toContain('<math>');
    expect(seen!.answeredAt).not.toBeNull();
    const waiting = await call('GET', '/api/follow-ups/waiting', w.users.adminA);
    expect(JSON.stringify(waiting.json())).not.toContain(mine._id);
    await expect
      .poll(() => t.mailer.sent.map((m) => [m.to, m.subject]))
      .toEqual([[w.users.studentA2.email, FOLLOW_UP_ANSWERED_SUBJECT]]);
    // Editing the answer tells nobody again.
    expectStatus(await answer(mine._id, 'Only while braking.', w.users.adminA), 200);
    expect((await list(q.id, w.users.studentA2))[0]!.answerHtml).toBe('<p>Only while braking.</p>\n');
    expect(t.mailer.sent).toHaveLength(1);
  });

  it('deleted by its author or the course’s admins, not by a classmate', async () => {
    const q = await answered();
    const a = (await post(q.id, 'First', w.users.studentA2)).json<FollowUpDto>();
    const b = (await post(q.id, 'Second', w.users.studentA2)).json<FollowUpDto>();
    const del = (id: string, who?: TestUser) => call('DELETE', `/api/follow-ups/${id}`, who);
    expectStatus(await del(a._id), 401);
    expectStatus(await del(a._id, w.users.studentA), 403);
    expectStatus(await del(a._id, w.users.adminB), 403);
    const written = await eventsAfter(async () => expectStatus(await del(a._id, w.users.studentA2), 204));
    expect(written.map((e) => e.type)).toEqual(['followup.changed']);
    expectStatus(await del(b._id, w.users.coAdminA), 204);
    expectStatus(await del(b._id, w.users.adminA), 404);
    expect(await rows(q.id)).toEqual([]);
  });

  it('renders the XSS corpus inert, in follow-ups and in their answers', async () => {
    const q = await answered();
    let rendered = 0;
    for (const payload of XSS_CORPUS) {
      const res = await post(q.id, payload.slice(0, MAX_FOLLOW_UP_TEXT), w.users.studentA);
      if (res.statusCode === 400) continue; // maths KaTeX refuses
      expectStatus(res, 201);
      rendered++;
      const dto = res.json<FollowUpDto>();
      expect(activeParts(dto.textHtml), payload).toEqual([]);
      expectStatus(await answer(dto._id, payload, w.users.adminA), 200);
    }
    expect(rendered).toBeGreaterThan(XSS_CORPUS.length - 5);
    for (const f of await list(q.id, w.users.studentA2)) {
      expect(activeParts(f.textHtml)).toEqual([]);
      if (f.answerHtml !== null) expect(activeParts(f.answerHtml)).toEqual([]);
    }
  });
});
