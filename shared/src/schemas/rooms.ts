import { z } from 'zod';
import { Id, Instant } from './common';
import { ROOM_MAX_SIGNAL_BYTES } from '../wire';

// The built-in live room (DESIGN §11): browsers talk WebRTC to each other; Lectern only carries the
// signalling. POST /api/rooms/{questionId}/join|heartbeat|signal|leave; what the others send arrives on
// the events stream as `room.signal` (addressed to one user) and `room.presence` (the room changed).
// GET /api/rooms/{questionId}/presence tells the asker and the course admins who is there (issue 21).

export const RoomRole = z.enum(['student', 'instructor']);
export type RoomRole = z.infer<typeof RoomRole>;

export const RoomPeer = z.object({
  /** One browser tab in the room; a new id on every join. */
  peerId: Id,
  userId: Id,
  fullName: z.string(),
  role: RoomRole,
});
export type RoomPeer = z.infer<typeof RoomPeer>;

/** RTCIceServer as the browser takes it (from the server's ICE_SERVERS). */
export const IceServer = z.object({
  urls: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type IceServer = z.infer<typeof IceServer>;

export const RoomState = z.object({
  questionId: Id,
  /** Everyone in the room now, the caller included. */
  peers: z.array(RoomPeer),
});
export type RoomState = z.infer<typeof RoomState>;

export const JoinRoomResponse = RoomState.extend({
  /** The caller's own peer: `from` of what it signals, `to` of what it receives. */
  self: RoomPeer,
  iceServers: z.array(IceServer),
});
export type JoinRoomResponse = z.infer<typeof JoinRoomResponse>;

export const RoomPeerBody = z.strictObject({ peerId: Id });
export type RoomPeerBody = z.infer<typeof RoomPeerBody>;

/**
 * offer, answer, candidate: WebRTC negotiation between two browsers; state: the sender's microphone and
 * camera are on or off (`MediaState` as JSON), shown on their tile by the others (issue 21).
 */
export const SignalKind = z.enum(['offer', 'answer', 'candidate', 'state']);
export type SignalKind = z.infer<typeof SignalKind>;
/** The signals of one browser-to-browser connection. */
export type LinkSignalKind = Exclude<SignalKind, 'state'>;

/** A `state` signal's data: what the sender sends now; `n` orders them (a later one wins). */
export interface MediaState {
  n: number;
  microphoneOn: boolean;
  cameraOn: boolean;
}

export const RoomSignalBody = z.strictObject({
  from: Id,
  to: Id,
  kind: SignalKind,
  /** The description or candidate as JSON; opaque to the server. */
  data: z.string().min(1).max(ROOM_MAX_SIGNAL_BYTES),
});
export type RoomSignalBody = z.infer<typeof RoomSignalBody>;

/** GET /api/rooms/{questionId}/presence: who is in the question's room now, and where the asker is. */
export const RoomPresence = z.object({
  questionId: Id,
  /** False when the room is not Lectern's own (BigBlueButton): nobody can say who is in it. */
  tracked: z.boolean(),
  /** Who is in the room now, first come first, and since when (a reload does not reset it). */
  present: z.array(z.object({ role: RoomRole, since: Instant })),
  /**
   * The asker: in the room since `since`; or gone since `leftAt` (a tab closed without a word left when it
   * was last heard of); both null when they have not come into the room.
   */
  asker: z.object({ since: Instant.nullable(), leftAt: Instant.nullable() }),
});
export type RoomPresence = z.infer<typeof RoomPresence>;
