import { desc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { FlaggedPostList, FollowUpList, QuestionDto } from '@lectern/shared';
import { events } from '../../../db/schema';
import type { Audience } from '../../../events/domain-event';
import type { TestUser } from '../../../../test/factories';
import { expectStatus } from '../../../../test/calls';
import { seedFollowUp, seedQuestion, seedResponse } from '../../../../test/seed';
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
});
