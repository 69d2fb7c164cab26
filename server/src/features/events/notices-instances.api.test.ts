import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JoinRoomResponse } from '@lectern/shared';
import { call, expectStatus } from '../../../test/calls';
import { openEventStream } from '../../../test/event-stream-client';
import { seedQuestion } from '../../../test/seed';
import { createSiblingApp } from '../../../test/test-app';
import { questionsWorldFixture } from '../questions/test/world';

// Ephemeral notices reach every instance (issue 20, 22): a signal posted to one instance reaches the
// addressee's stream on another, and a session revoked on one ends its streams on the other at once.

describe('notices across two instances on one database', () => {
  const { t, w } = questionsWorldFixture();
  let sibling: FastifyInstance;
  let siblingBase: string;
  beforeAll(async () => {
    sibling = await createSiblingApp(t);
    siblingBase = await sibling.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => sibling.close());

  it("carries a signal posted to one instance to the addressee's stream on the other", async () => {
    const q = await seedQuestion(t.db, w.VA1.id, w.users.studentA.id, {
      lectureId: w.LA.id,
      live: true,
      status: 'live',
    });
    expectStatus(
      await call(t, 'GET', `/api/bbb/startMeeting?questionText=Why&questionID=${q.id}`, {
        as: w.users.studentA,
      }),
      200,
    );
    const join = async (as: typeof w.users.adminA) => {
      const res = await call(t, 'POST', `/api/rooms/${q.id}/join`, { as });
      expectStatus(res, 200);
      return res.json<JoinRoomResponse>().self.peerId;
    };
    const student = await join(w.users.studentA);
    const instructor = await join(w.users.adminA);
    const asker = await openEventStream(siblingBase, { token: w.users.studentA.token });
    const offer = {
      from: instructor,
      to: student,
      kind: 'offer',
      data: JSON.stringify({ sdp: 'v=0\r\n'.repeat(900) }),
    };
    expectStatus(
      await call(t, 'POST', `/api/rooms/${q.id}/signal`, { as: w.users.adminA, payload: offer }),
      204,
    );
    const received = await asker.waitFor((e) => e.event === 'room.signal', 15_000);
    expect(received.data.signal).toEqual(offer);
    asker.close();
  });

  it('ends the streams of a logged-out session on the other instance at once', async () => {
    const login = await call(t, 'POST', '/api/login', {
      payload: { email: w.users.studentA2.email, password: w.users.studentA2.password },
    });
    expectStatus(login, 200);
    const token = login.json<{ token: string }>().token;
    const kept = await openEventStream(siblingBase, { token: w.users.studentA2.token });
    const client = await openEventStream(siblingBase, { token });
    expect(client.status).toBe(200);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expectStatus(logout, 204);
    await client.ended;
    expect(sibling.eventStreams.size).toBe(1); // the user's other session keeps its stream
    kept.close();
  });
});
