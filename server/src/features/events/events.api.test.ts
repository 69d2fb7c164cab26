import { describe, expect, it } from 'vitest';
import type { QuestionDto } from '@lectern/shared';
import { call, expectStatus } from '../../../test/calls';
import { eventStreams } from '../../../test/fixture';
import type { TestUser } from '../../../test/factories';
import { events } from '../../db/schema';
import { emit } from '../../events/outbox';
import { questionsWorldFixture } from '../questions/test/world';
import { answerWithVideo } from '../questions/test/answers';
import { EVENTS_POSITION_HEADER } from './read-position';

// GET /api/events over a real socket: what each reader receives, and when (issue #8).

describe('GET /api/events', () => {
  const { t, w } = questionsWorldFixture();
  const streams = eventStreams(t);
  const stream = streams.open;

  const ask = async (who: TestUser, question = 'Why does aliasing fold frequencies?') => {
    const res = await call(t, 'POST', '/api/questions', {
      as: who,
      payload: { question, videoId: w.VA1.id, time: 12, lectureId: w.LA.id },
    });
    expectStatus(res, 201);
    return res.json<QuestionDto>();
  };
  const answer = (questionID: string) => answerWithVideo(t, w.users.adminA, questionID);

  it('refuses a bad token with 401 in the normal error body, and anonymous callers with nothing to follow', async () => {
    const bad = await fetch(`${streams.base}/api/events`, {
      headers: { authorization: `Bearer ${'x'.repeat(43)}` },
    });
    expect(bad.status).toBe(401);
    expect(await bad.json()).toMatchObject({ error: expect.any(String), code: 'UNAUTHORIZED' });
    expect((await fetch(`${streams.base}/api/events`)).status).toBe(401);
    expect((await fetch(`${streams.base}/api/events?videoId=nope`)).status).toBe(400);
    // An unreleased lecture's video is not there for anyone but its admins (DESIGN §5.4).
    expect((await fetch(`${streams.base}/api/events?videoId=${w.VU.id}`)).status).toBe(404);
  });

  it('sends a new question to the course admins and its asker only', async () => {
    const admin = await stream(w.users.adminA);
    const asker = await stream(w.users.studentA);
    const classmate = await stream(w.users.studentA2);
    const otherCourse = await stream(w.users.adminB);
    const follower = await stream(null, { videoId: w.VA1.id });

    const q = await ask(w.users.studentA);
    const seen = await admin.waitFor((e) => e.data.questionId === q.id);
    expect(seen).toMatchObject({
      event: 'question.asked',
      data: { type: 'question.asked', videoId: w.VA1.id },
    });
    expect(seen.id).toBe(seen.data.id);
    expect((await asker.waitFor((e) => e.data.questionId === q.id)).data.own).toBe(true);

    // The answer is for everyone who may watch the video: when it arrives, the question's own earlier
    // event must not have reached them.
    const { id: responseId } = await answer(q.id);
    for (const reader of [classmate, follower]) {
      const answered = await reader.waitFor(
        (e) => e.event === 'question.answered' && e.data.questionId === q.id,
      );
      expect(answered.data).toEqual({
        id: answered.id,
        type: 'question.answered',
        videoId: w.VA1.id,
        questionId: q.id,
        responseId,
      });
      expect(reader.events.filter((e) => e.event === 'question.asked')).toEqual([]);
    }
    const mine = await asker.waitFor((e) => e.event === 'question.answered' && e.data.questionId === q.id);
    expect(mine.data.own).toBe(true);
    await t.settle();
    expect(otherCourse.events).toEqual([]);
  });

  it('tells watchers of a vote total, never who voted', async () => {
    const classmate = await stream(w.users.studentA2);
    const res = await call(t, 'PUT', `/api/questions/ratings/${w.qAnswered.id}`, {
      as: w.users.studentA,
      payload: { voteOptions: 'UP', userId: w.users.studentA.id },
    });
    expectStatus(res, 200);
    const vote = await classmate.waitFor((e) => e.event === 'vote.changed');
    expect(vote.data).toEqual({
      id: vote.id,
      type: 'vote.changed',
      videoId: w.VA1.id,
      questionId: w.qAnswered.id,
    });
  });

  it('writes nothing for a change that rolled back', async () => {
    const admin = await stream(w.users.adminA);
    const before = (await t.db.select().from(events)).length;
    await expect(
      t.db.transaction(async (tx) => {
        await emit(tx, {
          payload: { type: 'course.changed', courseId: w.A.id },
          audience: { visibility: 'members', courseIds: [w.A.id], lectures: [] },
        });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await t.settle();
    expect((await t.db.select().from(events)).length).toBe(before);
    const q = await ask(w.users.studentA);
    await admin.waitFor((e) => e.data.questionId === q.id);
    expect(admin.events.map((e) => e.event)).toEqual(['question.asked']);
  });

  it('replays what was missed after Last-Event-ID, and starts from now after a malformed one', async () => {
    const first = await stream(w.users.adminA);
    const q1 = await ask(w.users.studentA, 'First question while connected');
    const last = await first.waitFor((e) => e.data.questionId === q1.id);
    first.close();
    const q2 = await ask(w.users.studentA, 'Second question while away');
    const q3 = await ask(w.users.studentA, 'Third question while away');

    const resumed = await stream(w.users.adminA, { lastEventId: last.id! });
    await resumed.waitFor((e) => e.data.questionId === q3.id);
    expect(resumed.events.map((e) => e.data.questionId)).toEqual([q2.id, q3.id]);

    const fresh = await stream(w.users.adminA, { lastEventId: 'yesterday' });
    const q4 = await ask(w.users.studentA, 'Fourth question after a bad id');
    await fresh.waitFor((e) => e.data.questionId === q4.id);
    expect(fresh.events.map((e) => e.data.questionId)).toEqual([q4.id]);
  });

  it('tells each read where the stream stood, so a stream opened later resumes from there', async () => {
    const watching = await stream(w.users.adminA);
    const before = await ask(w.users.studentA, 'Asked before the read');
    await watching.waitFor((e) => e.data.questionId === before.id); // the bus has passed it
    const read = await call(t, 'GET', `/api/questions/lecture-questions/${w.LA.id}`, { as: w.users.adminA });
    const position = read.headers[EVENTS_POSITION_HEADER];
    expect(position).toMatch(/^\d+$/);
    const after = await ask(w.users.studentA, 'Asked after the read, before the stream opened');

    const resumed = await stream(w.users.adminA, { lastEventId: String(position) });
    await resumed.waitFor((e) => e.data.questionId === after.id);
    expect(resumed.events.map((e) => e.data.questionId)).toEqual([after.id]);
  });

  it('ends the stream of a token that was logged out as soon as it was', async () => {
    const login = await call(t, 'POST', '/api/login', {
      payload: { email: w.users.studentA2.email, password: w.users.studentA2.password },
    });
    expectStatus(login, 200);
    const token = login.json<{ token: string }>().token;
    const client = await stream({ token });
    expect(client.status).toBe(200);
    expectStatus(
      await t.app.inject({
        method: 'POST',
        url: '/api/logout',
        headers: { authorization: `Bearer ${token}` },
      }),
      204,
    );
    // At once, not at the next refresh (issue 22).
    await client.ended;
    expect(t.app.eventStreams.size).toBe(0); // it was the only stream this test opened
  });

  it("tells a course's members and admins of course and playlist changes, and nobody else", async () => {
    const admin = await stream(w.users.adminA);
    const student = await stream(w.users.studentA);
    const outsider = await stream(w.users.studentB);
    const reorder = await call(t, 'POST', `/api/lectures/${w.LA.id}/reorderVideos`, {
      as: w.users.adminA,
      payload: { videoIds: [w.VA2.id, w.VA1.id] },
    });
    expectStatus(reorder, 200);
    const rename = await call(t, 'PUT', `/api/courses/${w.A.id}`, {
      as: w.users.adminA,
      payload: { name: 'Course A, renamed', description: 'About A' },
    });
    expectStatus(rename, 200);
    for (const reader of [admin, student]) {
      const lecture = await reader.waitFor((e) => e.event === 'lecture.changed');
      expect(lecture.data).toMatchObject({ lectureId: w.LA.id, courseId: w.A.id });
      await reader.waitFor((e) => e.event === 'course.changed' && e.data.courseId === w.A.id);
    }
    await t.settle();
    expect(outsider.events).toEqual([]);
  });
});
