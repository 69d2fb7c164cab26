import { describe, expect, it } from 'vitest';
import type { QuestionDto } from '@lectern/shared';
import type { TestUser } from '../../../../test/factories';
import { expectStatus } from '../../../../test/calls';
import { seedResponse } from '../../../../test/seed';
import { questionsWorldFixture } from '../test/world';

// "Ask anonymously to classmates" (issue 24). Classmates never receive an asker's identity (DESIGN §5.3),
// so the wish changes nothing they read; it travels inside `whoAsked`, to the course's admins and the
// asker only. Every read a classmate or a visitor makes of the answered question is checked for the name.
describe('a question asked anonymously to classmates', () => {
  const { t, w } = questionsWorldFixture();
  const TEXT = 'Why does the integral of the velocity give the displacement anonymously?';

  const ask = async (anonymous: boolean) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/questions',
      headers: w.users.studentA2.auth,
      payload: { question: TEXT, videoId: w.VA1.id, time: 12, lectureId: w.LA.id, anonymous },
    });
    expectStatus(res, 201);
    const asked = res.json<QuestionDto>();
    await seedResponse(t.db, asked.id, w.media, w.users.adminA.id, t.clock.now());
    return asked;
  };
  const get = async (url: string, who?: TestUser) => {
    const res = await t.app.inject({ method: 'GET', url, headers: who ? who.auth : {} });
    expectStatus(res, 200);
    return res.body;
  };
  const inVideo = async (questionId: string, who?: TestUser): Promise<QuestionDto | undefined> =>
    (JSON.parse(await get(`/api/upload/${w.VA1.id}`, who)) as { questions: QuestionDto[] }).questions.find(
      (q) => q.id === questionId,
    );

  it('shows no name or id of the asker in any read of a classmate or a visitor', async () => {
    const asked = await ask(true);
    const { studentA, studentA2 } = w.users;
    const q = encodeURIComponent('integral velocity displacement');
    const reads: [string, TestUser | undefined][] = [
      [`/api/upload/${w.VA1.id}`, studentA],
      [`/api/upload/${w.VA1.id}`, undefined],
      [`/api/questions/lecture-questions/${w.LA.id}`, studentA],
      [`/api/questions/with-response/${w.A.id}`, studentA],
      [`/api/courses/${w.A.id}/search?q=${q}`, studentA],
      [`/api/videos/${w.VA1.id}/suggestions?q=${q}&t=12`, studentA],
      [`/api/questions/${asked.id}/follow-ups`, studentA],
    ];
    for (const [url, who] of reads) {
      const body = await get(url, who);
      expect(body.includes(studentA2.name), url).toBe(false);
      expect(body.includes(studentA2.id), url).toBe(false);
    }
    // The reads did list it: the check above is about the name, not an empty answer.
    expect((await inVideo(asked.id, studentA))?.question).toBe(TEXT);
    expect(await get(`/api/courses/${w.A.id}/search?q=${q}`, studentA)).toContain(asked.id);
    expect(await get(`/api/videos/${w.VA1.id}/suggestions?q=${q}&t=12`, studentA)).toContain(asked.id);
  });

  it("the course's admins and the asker see who asked, and that it was asked anonymously", async () => {
    const asked = await ask(true);
    const { adminA, coAdminA, studentA2, adminB } = w.users;
    for (const who of [adminA, coAdminA, studentA2]) {
      expect((await inVideo(asked.id, who))?.whoAsked).toEqual({
        id: studentA2.id,
        name: studentA2.name,
        anonymous: true,
      });
    }
    expect((await inVideo(asked.id, adminB))?.whoAsked).toBeUndefined();
    const plain = await ask(false);
    expect((await inVideo(plain.id, adminA))?.whoAsked?.anonymous).toBe(false);
  });
});
