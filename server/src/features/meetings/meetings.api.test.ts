import { eq } from 'drizzle-orm';
import type { QuestionDto, StartMeetingAnswer } from '@lectern/shared';
import { describe, expect, it } from 'vitest';
import { events, meetings } from '../../db/schema';
import { call, expectStatus } from '../../../test/calls';
import type { TestUser } from '../../../test/factories';
import { worldFixture } from '../../../test/fixture';
import { closeOverdueRooms } from './room-lifetime';

// Issue 10 with the built-in room (no BBB_URL): a live question's room opens at once; its asker and the
// course's admins may enter; an instructor ends it (processing); a room nobody from the course joined
// closes when the live window does, and the question goes back to the queue with the asker told.

const HOUR = 3_600_000;

describe('live rooms (built-in provider)', () => {
  const { t, w } = worldFixture();

  async function askLive(): Promise<string> {
    const res = await call(t, 'POST', '/api/questions', {
      as: w.users.studentA,
      payload: { question: 'Could you explain aliasing again?', videoId: w.VA1.id, time: 2, live: true },
    });
    expectStatus(res, 201);
    await t.settle();
    return res.json<QuestionDto>()._id;
  }
  const room = async (q: string) => (await t.db.select().from(meetings).where(eq(meetings.questionId, q)))[0];
  const statusOf = async (q: string) =>
    (await call(t, 'GET', `/api/questions/${q}`, { as: w.users.adminA })).json<QuestionDto>().status;
  const eventTypes = async (q: string) =>
    (await t.db.select().from(events))
      .filter((e) => (e.payload as { questionId?: string }).questionId === q)
      .map((e) => e.type);
  const start = (q: string, as: TestUser) =>
    call(t, 'GET', `/api/bbb/startMeeting?questionText=x&questionID=${q}`, { as });

  it('opens the room when the live question is asked, and gives each participant the room page', async () => {
    const q = await askLive();
    expect(await room(q)).toMatchObject({ status: 'open', provider: 'builtin', purpose: 'discussion' });
    const student = await start(q, w.users.studentA);
    expectStatus(student, 200);
    expect(student.json<StartMeetingAnswer>()).toEqual({
      studentURL: `${t.config.publicUrl}/room/${q}`,
      professorURL: '',
    });
    expect((await room(q))?.instructorJoinedAt).toBeNull();
    const admin = await start(q, w.users.adminA);
    expect(admin.json<StartMeetingAnswer>().professorURL).toBe(`${t.config.publicUrl}/room/${q}`);
    expect(await room(q)).toMatchObject({ instructorId: w.users.adminA.id });
    const rec = await call(t, 'GET', `/api/bbb/recordResponse?questionID=${q}`, { as: w.users.adminA });
    expect(rec.json()).toEqual({ professorURL: `${t.config.publicUrl}/room/${q}` }); // the open room
    expect(await eventTypes(q)).toEqual(['question.asked', 'meeting.opened', 'meeting.joined']);
    // Room events reach the asker and the course's admins only, like the unanswered question itself.
    const [opened] = await t.db.select().from(events).where(eq(events.type, 'meeting.opened'));
    expect(opened?.audience).toMatchObject({
      visibility: 'admins',
      askerId: w.users.studentA.id,
      courseIds: [w.A.id],
    });
  });

  it('an instructor ends the room: processing, and the room lets nobody in any more', async () => {
    const q = await askLive();
    expectStatus(await call(t, 'POST', `/api/meetings/${q}/end`, { as: w.users.studentA }), 403);
    expectStatus(await call(t, 'POST', `/api/meetings/${q}/end`, { as: w.users.coAdminA }), 204);
    expect(await statusOf(q)).toBe('processing');
    expect((await room(q))?.status).toBe('ended');
    expectStatus(await call(t, 'POST', `/api/meetings/${q}/end`, { as: w.users.coAdminA }), 204);
    expectStatus(await start(q, w.users.studentA), 409);
    expect(await eventTypes(q)).toContain('meeting.ended');
  });

  it('recordResponse for a question without a room gives the in-browser recorder', async () => {
    const asked = await call(t, 'POST', '/api/questions', {
      as: w.users.studentA,
      payload: { question: 'A delayed question for later', videoId: w.VA1.id, time: 2, live: false },
    });
    const q = asked.json<QuestionDto>()._id;
    expectStatus(await start(q, w.users.adminA), 409); // not live: no discussion to start
    const rec = await call(t, 'GET', `/api/bbb/recordResponse?questionID=${q}`, { as: w.users.adminA });
    expectStatus(rec, 200);
    expect(rec.json()).toEqual({ professorURL: `${t.config.publicUrl}/respond/${q}` });
  });

  it('a room nobody from the course joined closes with the live window; the question goes back to the queue', async () => {
    const attended = await askLive();
    expectStatus(await start(attended, w.users.adminA), 200);
    const q = await askLive();
    const service = t.app.meetings;
    expect(await closeOverdueRooms(t.app.deps, service)).toBe(0); // the window is still open
    t.mailer.sent.length = 0;
    t.clock.advance(HOUR); // the live window closed half an hour ago
    try {
      expect(await closeOverdueRooms(t.app.deps, service)).toBe(1);
      expect(await statusOf(q)).toBeNull();
      expect(await room(q)).toMatchObject({ status: 'ended' });
      expect(await statusOf(attended)).toBe('live'); // an instructor is with that student
      expect(
        (await t.db.select().from(events)).filter((e) => e.type === 'meeting.ended').at(-1)?.payload,
      ).toMatchObject({
        questionId: q,
        reason: 'unattended',
      });
      await t.settle();
      expect(t.mailer.sent.map((m) => [m.to, m.subject])).toEqual([
        [w.users.studentA.email, 'Your question will be answered later'],
      ]);
      expect(await closeOverdueRooms(t.app.deps, service)).toBe(0);
    } finally {
      t.clock.advance(-HOUR);
    }
  });
});
