import type { QuestionDto } from '@lectern/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, expectStatus } from '../../../test/calls';
import { type TestUser, createUser } from '../../../test/factories';
import { eventsCaughtUp } from '../../../test/events-caught-up';
import { statementsDuring } from '../../../test/query-log';
import {
  seedCourseMember,
  seedLectureMember,
  seedQuestion,
  seedResponse,
  seedVideo,
} from '../../../test/seed';
import { createSiblingApp } from '../../../test/test-app';
import { mediaUrls } from '../../lib/media-urls';
import { questionsWorldFixture } from './test/world';

// The 7 s poll served from a shared snapshot plus each caller's own memberships and votes (issue 14):
// unchanged polls are 304 without reading the database, every change shows, nothing of one caller
// reaches another, and the media URLs it hands out stay valid.

const HOUR = 3_600_000;

describe('GET /api/questions/lecture-questions/:lectureId from the shared snapshot', () => {
  const { t, w } = questionsWorldFixture();
  let other: FastifyInstance;
  let plain: TestUser;
  const url = () => `/api/questions/lecture-questions/${w.LA.id}`;
  const poll = (who: TestUser, etag?: string) =>
    call(t, 'GET', url(), { as: who, headers: etag ? { 'if-none-match': etag } : {} });
  const etagOf = async (who: TestUser) => {
    const res = await poll(who);
    expectStatus(res, 200);
    return String(res.headers.etag);
  };
  const vote = (who: TestUser, questionId: string) => {
    t.clock.advance(5000); // past the double-click window
    return call(t, 'PUT', `/api/questions/ratings/${questionId}`, {
      as: who,
      payload: { voteOptions: 'UP' },
    });
  };

  beforeAll(async () => {
    plain = await createUser(t.app, { name: 'Pat Plain' });
    await seedCourseMember(t.db, w.A.id, plain.id);
    other = await createSiblingApp(t);
    await other.ready();
  });
  afterAll(() => other.close());

  it('answers an unchanged poll 304 reading nothing, not even the session', async () => {
    const etag = await etagOf(w.users.studentA2);
    let res = await poll(w.users.studentA2);
    const statements = await statementsDuring(t.db, async () => {
      res = await poll(w.users.studentA2, etag);
    });
    expectStatus(res, 304);
    expect(res.body).toBe('');
    // Nothing is read: the session is kept (other instances' revocations arrive as notices), and the poll
    // is limited per instance, not with the rate limit's shared counters.
    expect(statements).toEqual([]);
  });

  it('a logged-out token is refused at the next poll, cached answer or not', async () => {
    const leaving = await createUser(t.app);
    await seedCourseMember(t.db, w.A.id, leaving.id);
    const etag = await etagOf(leaving);
    expectStatus(await call(t, 'POST', '/api/logout', { as: leaving }), 204);
    expectStatus(await poll(leaving, etag), 401);
  });

  it('a flood from one user is refused past 600 a minute, counted in memory', async () => {
    const flooder = await createUser(t.app);
    await seedCourseMember(t.db, w.A.id, flooder.id);
    const etag = await etagOf(flooder);
    const statuses = new Map<number, number>();
    for (let i = 0; i < 600; i++) {
      const { statusCode } = await poll(flooder, etag);
      statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
    }
    expect(Object.fromEntries(statuses)).toEqual({ 304: 599, 429: 1 });
    expectStatus(await poll(w.users.studentA2), 200); // others are not affected
  });

  it('a change committed through another instance changes the ETag once its event arrives', async () => {
    const etag = await etagOf(plain);
    const voted = await other.inject({
      method: 'PUT',
      url: `/api/questions/ratings/${w.qAnswered.id}`,
      headers: w.users.studentA.auth,
      payload: { voteOptions: 'UP' },
    });
    expectStatus(voted, 200);
    await eventsCaughtUp(t.app);
    const res = await poll(plain, etag);
    expectStatus(res, 200);
    expect(res.headers.etag).not.toBe(etag);
    expect(res.json<QuestionDto[]>()[0]).toMatchObject({ id: w.qAnswered.id, userVotes: {} });
    expect(res.body).not.toContain(w.users.studentA.id); // another's vote stays theirs
  });

  it("the caller's own vote and own question change their ETag and show only to them", async () => {
    const etag = await etagOf(plain);
    expectStatus(await vote(plain, w.qAnswered.id), 200);
    const afterVote = await poll(plain, etag);
    expectStatus(afterVote, 200);
    expect(afterVote.json<QuestionDto[]>()[0]?.userVotes).toEqual({ [plain.id]: 'UP' });

    const asked = await call(t, 'POST', '/api/questions', {
      as: plain,
      payload: { question: 'Is the poll cheap now, really?', videoId: w.VA1.id, time: 7, lectureId: w.LA.id },
    });
    expectStatus(asked, 201);
    const mine = asked.json<QuestionDto>().id;
    const afterAsk = await poll(plain, String(afterVote.headers.etag));
    expectStatus(afterAsk, 200);
    const own = afterAsk.json<QuestionDto[]>().find((q) => q.id === mine);
    expect(own?.whoAsked).toEqual({ id: plain.id, name: 'Pat Plain', anonymous: false });

    // Another plain student shares the common answer: no vote, question or name of Pat's in it.
    const peer = (await poll(w.users.studentA2)).body;
    for (const secret of [mine, plain.id, 'Pat Plain', w.qOpen.id, w.users.studentA.id]) {
      expect(peer).not.toContain(secret);
    }
    const admin = (await poll(w.users.adminA)).json<QuestionDto[]>();
    expect(admin.find((q) => q.id === mine)?.whoAsked?.name).toBe('Pat Plain');
    expect(admin.find((q) => q.id === w.qAnswered.id)?.userVotes).toEqual({});
  });

  it('a member of the lecture alone gets no course id, whoever polled before', async () => {
    const single = await createUser(t.app);
    await seedLectureMember(t.db, w.LA.id, single.id);
    const course = (await poll(w.users.studentA2)).json<QuestionDto[]>();
    expect(course[0]?.courseId).toBe(w.A.id);
    const res = await poll(single);
    expectStatus(res, 200);
    expect(res.json<QuestionDto[]>()[0]).toMatchObject({ courseId: '', courseName: '' });
    expect(res.body).not.toContain(w.A.id);
  });

  it('someone joining gets the list at once; outsiders stay 403 whatever they send', async () => {
    const joiner = await createUser(t.app);
    expectStatus(await poll(joiner), 403);
    const etag = String((await poll(w.users.studentA2)).headers.etag);
    expectStatus(await poll(joiner, etag), 403);
    await seedCourseMember(t.db, w.A.id, joiner.id);
    expectStatus(await poll(joiner), 200);
  });

  it('hands out media URLs that verify, renewed in a new signing period without any change', async () => {
    const stored = await seedVideo(t.db, w.LA.id, { title: 'Stored', mediaSha256: w.media });
    const q = await seedQuestion(t.db, stored.id, w.users.studentA.id, { lectureId: w.LA.id });
    await seedResponse(t.db, q.id, w.media, w.users.adminA.id, t.clock.now());
    const sourceNow = async () => {
      const res = await poll(w.users.studentA2);
      return res.json<QuestionDto[]>().find((x) => x.id === q.id)?.lectureVideoSource ?? '';
    };
    const verifies = (source: string) => {
      const parsed = new URL(source, 'http://x');
      const sha = parsed.pathname.split('/').at(-1)!.replace('.mp4', '');
      return mediaUrls(t.app.deps).verify(
        sha,
        parsed.searchParams.get('exp')!,
        parsed.searchParams.get('sig')!,
      );
    };
    await new Promise((r) => setTimeout(r, 1100)); // the seeded rows send no event: past the recheck
    const first = await sourceNow();
    expect(first).toMatch(/^\/media\/[0-9a-f]{64}\.mp4\?exp=\d+&sig=/);
    expect(verifies(first)).toBe(true);
    const file = await call(t, 'GET', first);
    expectStatus(file, 200);

    t.clock.advance(13 * HOUR);
    try {
      expect(verifies(first)).toBe(false); // expired
      const renewed = await sourceNow();
      expect(renewed).not.toBe(first);
      expect(verifies(renewed)).toBe(true);
    } finally {
      t.clock.advance(-13 * HOUR);
    }
  });
});
