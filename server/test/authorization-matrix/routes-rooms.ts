import { randomUUID } from 'node:crypto';
import { roomPeers } from '../../src/db/schema';
import { freshLiveQuestion } from './routes-meetings';
import { type Case, type Fresh, type Row, membersOfA, statuses } from './table';

// The built-in room's signalling (issue 10): the asker and the course admins only, in an open room.

/** An open room with a peer for the caller (a random id for anonymous callers) and one for course A's admin. */
async function freshRoomWithPeers(c: Case, options: { askedBy?: 'victim' } = {}): Promise<Fresh> {
  const { question } = await freshLiveQuestion(c, { ...options, open: true });
  const now = c.t.clock.now();
  const peer = async (userId: string) => {
    const [row] = await c.t.db
      .insert(roomPeers)
      .values({
        questionId: question!,
        userId,
        fullName: 'Someone',
        role: 'student',
        joinedAt: now,
        lastSeenAt: now,
      })
      .returning({ id: roomPeers.id });
    return row!.id;
  };
  const own = c.user ? await peer(c.user.id) : randomUUID();
  const other = await peer(c.user?.id === c.w.users.adminA.id ? c.w.users.studentA.id : c.w.users.adminA.id);
  return { question: question!, own, other };
}

const roomUrl = (action: string) => (_c: Case, f: Fresh) => `/api/rooms/${f.question}/${action}`;
const ownPeer = (_c: Case, f: Fresh) => ({ body: { peerId: f.own } });
const candidate = (_c: Case, f: Fresh) => ({
  body: { from: f.own, to: f.other, kind: 'candidate', data: '{"candidate":""}' },
});

export const roomRows: Row[] = [
  {
    method: 'GET',
    route: '/api/rooms/:questionId/presence',
    fresh: (c) => freshRoomWithPeers(c),
    url: roomUrl('presence'),
    expect: membersOfA(200),
    mutates: false,
  },
  {
    method: 'POST',
    route: '/api/rooms/:questionId/join',
    fresh: (c) => freshLiveQuestion(c, { open: true }),
    url: roomUrl('join'),
    expect: membersOfA(200),
    mutates: true,
  },
  {
    method: 'POST',
    route: '/api/rooms/:questionId/heartbeat',
    fresh: (c) => freshRoomWithPeers(c),
    url: roomUrl('heartbeat'),
    payload: ownPeer,
    expect: membersOfA(200),
    mutates: true,
  },
  {
    method: 'POST',
    route: '/api/rooms/:questionId/signal',
    fresh: (c) => freshRoomWithPeers(c),
    url: roomUrl('signal'),
    payload: candidate,
    expect: membersOfA(204),
    mutates: true,
  },
  {
    method: 'POST',
    route: '/api/rooms/:questionId/leave',
    fresh: (c) => freshRoomWithPeers(c),
    url: roomUrl('leave'),
    payload: ownPeer,
    expect: membersOfA(204),
    mutates: true,
  },
];

/** Another student's room: studentA may neither enter it, signal into it nor see who is in it (AC-4). */
export const roomVariantRows: Row[] = [
  {
    method: 'GET',
    route: '/api/rooms/:questionId/presence',
    variant: "another student's question",
    fresh: (c) => freshRoomWithPeers(c, { askedBy: 'victim' }),
    url: roomUrl('presence'),
    expect: statuses({ anon: 401, outside: 403, studentA: 403, admins: 200 }),
    mutates: false,
  },
  {
    method: 'POST',
    route: '/api/rooms/:questionId/join',
    variant: "another student's question",
    fresh: (c) => freshLiveQuestion(c, { askedBy: 'victim', open: true }),
    url: roomUrl('join'),
    expect: statuses({ anon: 401, outside: 403, studentA: 403, admins: 200 }),
    mutates: true,
  },
  {
    method: 'POST',
    route: '/api/rooms/:questionId/signal',
    variant: "another student's question",
    fresh: (c) => freshRoomWithPeers(c, { askedBy: 'victim' }),
    url: roomUrl('signal'),
    payload: candidate,
    expect: statuses({ anon: 401, outside: 403, studentA: 403, admins: 204 }),
    mutates: true,
  },
];
