import {
  type JoinRoomResponse,
  ROOM_MAX_PEERS,
  ROOM_PEER_TIMEOUT_MS,
  type RoomPresence,
  type RoomSignalBody,
  type RoomState,
} from '@lectern/shared';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../../app-deps';
import type { Tx } from '../../../db/client';
import { usersAudience } from '../../../events/domain-event';
import { NoticeTooLargeError, publishNotice } from '../../../events/notices';
import { emit } from '../../../events/outbox';
import { conflict, gone, notFound, payloadTooLarge } from '../../../lib/errors';
import type { AuthUser } from '../../../plugins/auth';
import { questionAudience } from '../../questions/public';
import type { MeetingsService } from '../meetings.service';
import {
  deleteUserPeers,
  findOwnPeer,
  insertPeer,
  livePeers,
  markOwnPeerLeft,
  markSilentPeersLeft,
  touchPeer,
} from './room-peers.repository';
import { presenceOf } from './room-presence';

const PEER_GONE = 'You are no longer in this room. Join it again.';
const ROOM_FULL = 'The room is full';
const SIGNAL_TOO_LARGE = 'The signal is too large';

/**
 * The built-in room's signalling (DESIGN §11): who is in a room (rows every instance shares), and the
 * WebRTC offers, answers and candidates between two browsers, carried as ephemeral notices (never stored,
 * DESIGN §11) to the one user each is for. Every call first checks the room's access rule (meetings
 * service): only the asker and the course admins, only while the room is open. Each user has one peer
 * in a room (joining again from another tab takes it over), and the last place is an instructor's.
 */
export function createBuiltinRooms(deps: AppDeps, meetings: MeetingsService) {
  const { db, clock, config } = deps;
  const heardSince = () => new Date(clock().getTime() - ROOM_PEER_TIMEOUT_MS);

  /** Tells the asker and the course admins the room changed, and whether the student now waits alone. */
  async function emitPresence(tx: Tx, questionId: string): Promise<void> {
    const question = await meetings.questions.find(tx, questionId);
    if (!question) return;
    const peers = await livePeers(tx, questionId, heardSince());
    const waiting = peers.some((p) => p.role === 'student') && !peers.some((p) => p.role === 'instructor');
    await emit(tx, {
      payload: { type: 'room.presence', videoId: question.videoId, questionId, waiting },
      audience: await questionAudience(tx, question, 'admins'),
    });
  }

  return {
    async join(user: AuthUser, questionId: string): Promise<JoinRoomResponse> {
      const access = await meetings.roomAccess(user, questionId);
      const self = await db.transaction(async (tx) => {
        // One join at a time per room, so two cannot both take the last place.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`room:${questionId}`}))`);
        await markSilentPeersLeft(tx, heardSince(), questionId);
        const since = await deleteUserPeers(tx, questionId, user.id, heardSince());
        const present = await livePeers(tx, questionId, heardSince());
        const places = access.role === 'instructor' ? ROOM_MAX_PEERS : ROOM_MAX_PEERS - 1;
        if (present.length >= places) throw conflict(ROOM_FULL);
        const peer = await insertPeer(tx, {
          questionId,
          userId: user.id,
          fullName: access.fullName,
          role: access.role,
          since: since ?? clock(),
          now: clock(),
        });
        await emitPresence(tx, questionId);
        return peer;
      });
      if (access.role === 'instructor') await meetings.markInstructorJoined(questionId);
      return {
        questionId,
        self,
        peers: await livePeers(db, questionId, heardSince()),
        iceServers: config.iceServers,
      };
    },

    /** "Still here": 410 once this peer was forgotten (the browser then joins again). */
    async heartbeat(user: AuthUser, questionId: string, peerId: string): Promise<RoomState> {
      await meetings.roomAccess(user, questionId);
      const own = await findOwnPeer(db, { peerId, questionId, userId: user.id, since: heardSince() });
      if (!own) throw gone(PEER_GONE);
      await touchPeer(db, peerId, clock());
      return { questionId, peers: await livePeers(db, questionId, heardSince()) };
    },

    /** Relays one signal from the caller's own peer to another user's peer in the room, and to no one else. */
    async signal(user: AuthUser, questionId: string, signal: RoomSignalBody): Promise<void> {
      await meetings.roomAccess(user, questionId);
      const peers = await livePeers(db, questionId, heardSince());
      if (!peers.some((p) => p.peerId === signal.from && p.userId === user.id)) throw gone(PEER_GONE);
      const to = peers.find((p) => p.peerId === signal.to && p.userId !== user.id);
      if (!to) throw notFound('That participant is not in the room');
      await publishNotice(db, {
        kind: 'event',
        payload: { type: 'room.signal', questionId, signal },
        audience: usersAudience([to.userId]),
      }).catch((error: unknown) => {
        throw error instanceof NoticeTooLargeError ? payloadTooLarge(SIGNAL_TOO_LARGE) : error;
      });
    },

    async leave(user: AuthUser, questionId: string, peerId: string): Promise<void> {
      await meetings.roomAccess(user, questionId);
      await db.transaction(async (tx) => {
        if (await markOwnPeerLeft(tx, { peerId, questionId, userId: user.id, now: clock() }))
          await emitPresence(tx, questionId);
      });
    },

    /** Who is in the room now and where its asker is: for the asker and the course admins only. */
    async presence(user: AuthUser, questionId: string): Promise<RoomPresence> {
      const { question } = await meetings.participantOf(user, questionId);
      if (meetings.provider.kind !== 'builtin')
        return { questionId, tracked: false, present: [], asker: { since: null, leftAt: null } };
      return {
        questionId,
        tracked: true,
        ...(await presenceOf(db, question.askerId, questionId, heardSince())),
      };
    },

    /**
     * Run every few seconds on one instance: peers whose browser went silent (a closed lid, a lost
     * network, a crash) have left, and the asker and the course admins hear of it.
     */
    async forgetSilentPeers(): Promise<void> {
      await db.transaction(async (tx) => {
        for (const questionId of await markSilentPeersLeft(tx, heardSince()))
          await emitPresence(tx, questionId);
      });
    },
  };
}
