import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { QuestionDto } from '@lectern/shared';
import { questionVotes } from '../../db/schema';
import { call, expectStatus } from '../../../test/calls';
import { questionsWorldFixture } from './test/world';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('PUT /api/questions/ratings/:questionId', () => {
  const { t, w } = questionsWorldFixture();

  const url = () => `/api/questions/ratings/${w.qAnswered.id}`;
  const vote = async (who = w.users.studentA2, voteOptions = 'UP') => {
    t.clock.advance(5000); // a later click, not the same one sent twice
    return call(t, 'PUT', url(), { as: who, payload: { voteOptions } });
  };
  const votesInDb = () =>
    t.db.select().from(questionVotes).where(eq(questionVotes.questionId, w.qAnswered.id));

  it('401, 400, 404, 403 outsiders and foreign userId, 400 unanswered; nothing stored', async () => {
    expectStatus(await call(t, 'PUT', url(), { payload: { voteOptions: 'UP' } }), 401);
    expectStatus(
      await call(t, 'PUT', url(), { as: w.users.studentA, payload: { voteOptions: 'NONE' } }),
      400,
    );
    expectStatus(
      await call(t, 'PUT', url(), { as: w.users.studentA, payload: { voteOptions: 'UP', ratings: 5 } }),
      400,
    );
    expectStatus(
      await call(t, 'PUT', '/api/questions/ratings/x', {
        as: w.users.studentA,
        payload: { voteOptions: 'UP' },
      }),
      400,
    );
    expectStatus(
      await call(t, 'PUT', `/api/questions/ratings/${UNKNOWN}`, {
        as: w.users.studentA,
        payload: { voteOptions: 'UP' },
      }),
      404,
    );
    for (const who of [w.users.outsider, w.users.adminB, w.users.studentB])
      expectStatus(await call(t, 'PUT', url(), { as: who, payload: { voteOptions: 'UP' } }), 403);
    expectStatus(
      await call(t, 'PUT', url(), {
        as: w.users.studentA,
        payload: { voteOptions: 'UP', userId: w.users.studentA2.id },
      }),
      403,
    );
    expectStatus(
      await call(t, 'PUT', `/api/questions/ratings/${w.qOpen.id}`, {
        as: w.users.studentA,
        payload: { voteOptions: 'UP' },
      }),
      400,
    );
    expect(await votesInDb()).toEqual([]);
  });

  it('toggles: same arrow removes, other arrow switches; userVotes holds only the caller', async () => {
    const up = await vote(w.users.studentA2, 'UP');
    expectStatus(up, 200);
    expect(up.json<QuestionDto>()).toMatchObject({ ratings: 1, userVotes: { [w.users.studentA2.id]: 'UP' } });
    const other = await vote(w.users.studentA, 'DOWN');
    expect(other.json<QuestionDto>()).toMatchObject({
      ratings: 0,
      userVotes: { [w.users.studentA.id]: 'DOWN' },
    });
    expect(Object.keys(other.json<QuestionDto>().userVotes)).toEqual([w.users.studentA.id]);
    const switched = await vote(w.users.studentA2, 'DOWN');
    expect(switched.json<QuestionDto>()).toMatchObject({
      ratings: -2,
      userVotes: { [w.users.studentA2.id]: 'DOWN' },
    });
    const removed = await vote(w.users.studentA2, 'DOWN');
    expect(removed.json<QuestionDto>()).toMatchObject({ ratings: -1, userVotes: {} });
    const admin = await vote(w.users.coAdminA, 'UP');
    expect(admin.json<QuestionDto>().ratings).toBe(0);
    expect(await votesInDb()).toHaveLength(2);
  });

  it('UP then DOWN from one user nets -1 from where it started (SECURITY AC-12)', async () => {
    const before = (
      await call(t, 'GET', `/api/questions/${w.qAnswered.id}`, { as: w.users.adminA })
    ).json<QuestionDto>();
    await vote(w.users.adminA, 'UP');
    const after = (await vote(w.users.adminA, 'DOWN')).json<QuestionDto>();
    expect(after.ratings - before.ratings).toBe(-1);
  });

  it('twenty simultaneous UP votes from one user count once', async () => {
    const voter = w.users.studentA2;
    t.clock.advance(5000);
    const before = (
      await call(t, 'GET', `/api/questions/${w.qAnswered.id}`, { as: voter })
    ).json<QuestionDto>();
    const mine = before.userVotes[voter.id];
    expect(mine).toBeUndefined();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call(t, 'PUT', url(), { as: voter, payload: { voteOptions: 'UP' } })),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const after = (
      await call(t, 'GET', `/api/questions/${w.qAnswered.id}`, { as: voter })
    ).json<QuestionDto>();
    expect(after.ratings - before.ratings).toBe(1);
    expect(after.userVotes).toEqual({ [voter.id]: 'UP' });
    const rows = (await votesInDb()).filter((v) => v.userId === voter.id);
    expect(rows).toEqual([{ questionId: w.qAnswered.id, userId: voter.id, vote: 'UP' }]);
  });
});
