import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  type JoinRoomResponse,
  ROOM_MAX_PEERS,
  ROOM_MAX_SIGNAL_BYTES,
  ROOM_PEER_TIMEOUT_MS,
  type RoomPresence,
  type RoomState,
  type StartMeetingAnswer,
} from '@lectern/shared';
import { eq } from 'drizzle-orm';
import { call, expectStatus } from '../../../../test/calls';
import { eventStreams } from '../../../../test/fixture';
import type { TestUser } from '../../../../test/factories';
import { seedCourseAdmin, seedQuestion } from '../../../../test/seed';
import { events, questions, roomPeers } from '../../../db/schema';
import { createUser } from '../../../../test/factories';
import { questionsWorldFixture } from '../../questions/test/world';
import { createBuiltinRooms } from './builtin-rooms.service';

// The built-in room's signalling through the real events stream (issue 10): who may enter, what each
// browser receives, and that an ended room is closed to everyone.

describe('built-in room signalling', () => {
  const { t, w } = questionsWorldFixture();
  const stream = eventStreams(t).open;

  /** A live question of studentA whose room the student opened, as the question page does. */
  const liveRoom = async () => {
    const q = await seedQuestion(t.db, w.VA1.id, w.users.studentA.id, {
      lectureId: w.LA.id,
      live: true,
      status: 'live',
    });
    const start = await call(t, 'GET', `/api/bbb/startMeeting?questionText=Why&questionID=${q.id}`, {
      as: w.users.studentA,
    });
    expectStatus(start, 200);
    expect(start.json<StartMeetingAnswer>().studentURL).toMatch(new RegExp(`/room/${q.id}$`));
    return q.id;
  };
  const join = async (who: TestUser, questionId: string, status = 200) => {
    const res = await call(t, 'POST', `/api/rooms/${questionId}/join`, { as: who });
    expectStatus(res, status);
    return res.json<JoinRoomResponse>();
  };
  const signal = (who: TestUser, questionId: string, body: object) =>
    call(t, 'POST', `/api/rooms/${questionId}/signal`, { as: who, payload: body });

  it('lets the asker wait, tells the admins a student waits, and lists everyone with names and roles', async () => {
    const q = await liveRoom();
    const admin = await stream(w.users.adminA);
    const classmate = await stream(w.users.studentA2);

    const student = await join(w.users.studentA, q);
    expect(student.self).toMatchObject({
      userId: w.users.studentA.id,
      fullName: 'Sam Student',
      role: 'student',
    });
    expect(student.peers).toEqual([student.self]);
    expect(student.iceServers).toEqual([]);
    const waiting = await admin.waitFor((e) => e.event === 'room.presence' && e.data.questionId === q);
    expect(waiting.data.waiting).toBe(true);

    const asker = await stream(w.users.studentA);
    const instructor = await join(w.users.adminA, q);
    expect(instructor.self).toMatchObject({ fullName: 'Ada Admin', role: 'instructor' });
    expect(instructor.peers.map((p) => p.peerId).sort()).toEqual(
      [student.self.peerId, instructor.self.peerId].sort(),
    );
    const arrived = await asker.waitFor((e) => e.event === 'room.presence' && e.data.questionId === q);
    expect(arrived.data).toMatchObject({ waiting: false, own: true });

    const beat = await call(t, 'POST', `/api/rooms/${q}/heartbeat`, {
      as: w.users.studentA,
      payload: { peerId: student.self.peerId },
    });
    expectStatus(beat, 200);
    expect(
      beat
        .json<RoomState>()
        .peers.map((p) => p.role)
        .sort(),
    ).toEqual(['instructor', 'student']);
    await t.settle();
    expect(classmate.events.filter((e) => e.event.startsWith('room.'))).toEqual([]);
  });

  it('carries a signal to its addressee only, not even to the other admins', async () => {
    const q = await liveRoom();
    const student = await join(w.users.studentA, q);
    const instructor = await join(w.users.adminA, q);
    const asker = await stream(w.users.studentA);
    const admin = await stream(w.users.adminA);
    const coAdmin = await stream(w.users.coAdminA);
    const classmate = await stream(w.users.studentA2);

    const offer = {
      from: instructor.self.peerId,
      to: student.self.peerId,
      kind: 'offer',
      data: '{"sdp":"v=0"}',
    };
    const stored = (await t.db.select().from(events)).length;
    expectStatus(await signal(w.users.adminA, q, offer), 204);
    const received = await asker.waitFor((e) => e.event === 'room.signal', 15_000);
    expect(received.data).toEqual({
      id: expect.any(String),
      type: 'room.signal',
      questionId: q,
      signal: offer,
    });
    // Ephemeral (issue 20): nothing to resume from, and no row kept.
    expect(received.id).toBeNull();
    await t.settle();
    expect((await t.db.select().from(events)).length).toBe(stored);
    for (const other of [admin, coAdmin, classmate]) {
      expect(other.events.filter((e) => e.event === 'room.signal')).toEqual([]);
    }
  });

  it('keeps one peer per user: joining again takes the place of the last, and no one signals their own', async () => {
    const q = await liveRoom();
    const first = await join(w.users.adminA, q);
    const again = await join(w.users.adminA, q);
    expect(again.peers.map((p) => p.peerId)).toEqual([again.self.peerId]);
    const beat = await call(t, 'POST', `/api/rooms/${q}/heartbeat`, {
      as: w.users.adminA,
      payload: { peerId: first.self.peerId },
    });
    expectStatus(beat, 410);
    const toSelf = { from: again.self.peerId, to: again.self.peerId, kind: 'offer', data: '{}' };
    expectStatus(await signal(w.users.adminA, q, toSelf), 404);
  });

  it('refuses signals from a peer that is not the caller’s, to a peer not in the room, and too large', async () => {
    const q = await liveRoom();
    const student = await join(w.users.studentA, q);
    const instructor = await join(w.users.adminA, q);
    const base = { kind: 'candidate', data: '{}' };
    // Posing as the instructor's browser: the peer is not the student's.
    expectStatus(
      await signal(w.users.studentA, q, { ...base, from: instructor.self.peerId, to: student.self.peerId }),
      410,
    );
    expectStatus(
      await signal(w.users.studentA, q, { ...base, from: student.self.peerId, to: w.users.adminA.id }),
      404,
    );
    const tooBig = { from: student.self.peerId, to: instructor.self.peerId, kind: 'offer' };
    expectStatus(
      await signal(w.users.studentA, q, { ...tooBig, data: 'x'.repeat(ROOM_MAX_SIGNAL_BYTES + 1) }),
      400,
    );
    expectStatus(
      await signal(w.users.studentA, q, { ...tooBig, data: 'x'.repeat(3 * ROOM_MAX_SIGNAL_BYTES) }),
      413,
    );
    // Within the length but beyond what one notification carries, even deflated: random text.
    const noise = randomBytes(ROOM_MAX_SIGNAL_BYTES).toString('base64').slice(0, ROOM_MAX_SIGNAL_BYTES);
    const refused = await signal(w.users.studentA, q, { ...tooBig, data: noise });
    expectStatus(refused, 413);
    expect(refused.json()).toMatchObject({ error: 'The signal is too large' });
  });

  it('forgets a peer unheard for a while (it joins again) and keeps the room small', async () => {
    const q = await liveRoom();
    const first = await join(w.users.studentA, q);
    t.clock.advance(ROOM_PEER_TIMEOUT_MS + 1000);
    const beat = (peerId: string) =>
      call(t, 'POST', `/api/rooms/${q}/heartbeat`, { as: w.users.studentA, payload: { peerId } });
    expectStatus(await beat(first.self.peerId), 410);
    const again = await join(w.users.studentA, q);
    expect(again.peers.map((p) => p.peerId)).toEqual([again.self.peerId]);
    expectStatus(await beat(again.self.peerId), 200);

    const admins = [w.users.adminA, w.users.coAdminA];
    while (admins.length < ROOM_MAX_PEERS) {
      const extra = await createUser(t.app);
      await seedCourseAdmin(t.db, w.A.id, extra.id);
      admins.push(extra);
    }
    for (const admin of admins.slice(0, ROOM_MAX_PEERS - 1)) await join(admin, q);
    await join(admins[ROOM_MAX_PEERS - 1]!, q, 409);
  });

  it('lets a browser leave, and closes the room to everyone once an instructor ended it', async () => {
    const q = await liveRoom();
    const student = await join(w.users.studentA, q);
    const instructor = await join(w.users.adminA, q);
    const admin = await stream(w.users.adminA);
    expectStatus(
      await call(t, 'POST', `/api/rooms/${q}/leave`, {
        as: w.users.studentA,
        payload: { peerId: student.self.peerId },
      }),
      204,
    );
    const left = await admin.waitFor((e) => e.event === 'room.presence' && e.data.questionId === q);
    expect(left.data.waiting).toBe(false);

    const back = await join(w.users.studentA, q);
    expectStatus(await call(t, 'POST', `/api/meetings/${q}/end`, { as: w.users.studentA }), 403);
    expectStatus(await call(t, 'POST', `/api/meetings/${q}/end`, { as: w.users.adminA }), 204);

    const [row] = await t.db.select().from(questions).where(eq(questions.id, q));
    expect(row!.status).toBe('processing');
    expect(await t.db.select().from(roomPeers).where(eq(roomPeers.questionId, q))).toEqual([]);
    await join(w.users.studentA, q, 404);
    await join(w.users.adminA, q, 404);
    const beat = await call(t, 'POST', `/api/rooms/${q}/heartbeat`, {
      as: w.users.studentA,
      payload: { peerId: back.self.peerId },
    });
    expectStatus(beat, 404);
    const late = { from: instructor.self.peerId, to: back.self.peerId, kind: 'offer', data: '{}' };
    expectStatus(await signal(w.users.adminA, q, late), 404);
  });

  describe('presence (issue 21)', () => {
    const presence = async (who: TestUser, questionId: string) => {
      const res = await call(t, 'GET', `/api/rooms/${questionId}/presence`, { as: who });
      expectStatus(res, 200);
      return res.json<RoomPresence>();
    };
    const beat = (who: TestUser, questionId: string, peerId: string) =>
      call(t, 'POST', `/api/rooms/${questionId}/heartbeat`, { as: who, payload: { peerId } });
    const iso = () => t.clock.now().toISOString();

    it('tells the asker and the course admins who is in the room since when, and when the asker left', async () => {
      const q = await liveRoom();
      expect(await presence(w.users.adminA, q)).toEqual({
        questionId: q,
        tracked: true,
        present: [],
        asker: { since: null, leftAt: null },
      });
      expectStatus(await call(t, 'GET', `/api/rooms/${q}/presence`, { as: w.users.studentA2 }), 403);
      expectStatus(await call(t, 'GET', `/api/rooms/${q}/presence`), 401);

      const arrived = iso();
      const first = await join(w.users.studentA, q);
      t.clock.advance(20_000);
      expectStatus(await beat(w.users.studentA, q, first.self.peerId), 200);
      t.clock.advance(20_000);
      // A reload joins again: the student has been waiting since they first came, not since the reload.
      const reloaded = await join(w.users.studentA, q);
      t.clock.advance(20_000);
      expectStatus(await beat(w.users.studentA, q, reloaded.self.peerId), 200);
      expect(await presence(w.users.coAdminA, q)).toMatchObject({
        present: [{ role: 'student', since: arrived }],
        asker: { since: arrived, leftAt: null },
      });

      const admin = await stream(w.users.adminA);
      t.clock.advance(5_000);
      const left = iso();
      const leave = await call(t, 'POST', `/api/rooms/${q}/leave`, {
        as: w.users.studentA,
        payload: { peerId: reloaded.self.peerId },
      });
      expectStatus(leave, 204);
      await admin.waitFor((e) => e.event === 'room.presence' && e.data.questionId === q);
      t.clock.advance(300_000);
      const after = await presence(w.users.studentA, q);
      expect(after).toMatchObject({ present: [], asker: { since: null, leftAt: left } });
      expect(await presence(w.users.adminA, q)).toEqual(after);
    });

    it('counts a browser gone silent as left when it was last heard of, and tells the admins', async () => {
      const q = await liveRoom();
      const student = await join(w.users.studentA, q);
      await join(w.users.adminA, q);
      t.clock.advance(5_000);
      const lastHeard = iso();
      expectStatus(await beat(w.users.studentA, q, student.self.peerId), 200);
      const admin = await stream(w.users.adminA);
      t.clock.advance(ROOM_PEER_TIMEOUT_MS + 1_000);

      // Every instance answers alike before the sweep has run: the silence itself says the student left.
      expect((await presence(w.users.adminA, q)).asker).toEqual({ since: null, leftAt: lastHeard });
      await createBuiltinRooms(t.app.deps, t.app.meetings).forgetSilentPeers();
      const gone = await admin.waitFor((e) => e.event === 'room.presence' && e.data.questionId === q);
      expect(gone.data.waiting).toBe(false);
      expect((await presence(w.users.adminA, q)).asker).toEqual({ since: null, leftAt: lastHeard });
      expectStatus(await beat(w.users.studentA, q, student.self.peerId), 410);
    });
  });

  it('lets the instructor discard a recording nobody else was in: the question waits for an uploaded answer', async () => {
    const q = await liveRoom();
    await join(w.users.adminA, q);
    const end = await call(t, 'POST', `/api/meetings/${q}/end`, {
      as: w.users.adminA,
      payload: { recording: 'discard' },
    });
    expectStatus(end, 204);
    const [row] = await t.db.select().from(questions).where(eq(questions.id, q));
    expect(row!.status).toBeNull();
    await join(w.users.adminA, q, 404);
  });
});
