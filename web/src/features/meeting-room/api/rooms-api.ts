import type { JoinRoomResponse, RoomSignalBody, RoomState } from '@lectern/shared';
import { api } from '../../../lib/api-client';

// The built-in room's signalling calls (shared/schemas/rooms.ts). What the others send comes back on the
// events stream, not as answers to these.

const room = (questionId: string, action: string) => `/api/rooms/${encodeURIComponent(questionId)}/${action}`;

export const joinRoom = (questionId: string) =>
  api<JoinRoomResponse>(room(questionId, 'join'), { method: 'POST', body: {} });

/** "Still here"; answers who is in the room now. */
export const heartbeat = (questionId: string, peerId: string) =>
  api<RoomState>(room(questionId, 'heartbeat'), { method: 'POST', body: { peerId } });

/** `abandon` aborts a request that takes too long: the signal is then lost, and the link heals that. */
export const sendSignal = (questionId: string, signal: RoomSignalBody, abandon?: AbortSignal) =>
  api<void>(room(questionId, 'signal'), { method: 'POST', body: signal, signal: abandon });

/** Sent as the tab closes too, so it must outlive the page. */
export const leaveRoom = (questionId: string, peerId: string) =>
  api<void>(room(questionId, 'leave'), { method: 'POST', body: { peerId }, keepalive: true });

/**
 * The instructor ends the meeting: the room closes and the question is processing (its recording is on
 * its way), or, with the recording discarded, waits for an answer again.
 */
export const endRoom = (questionId: string, recording: 'answer' | 'discard') =>
  api<void>(`/api/meetings/${encodeURIComponent(questionId)}/end`, { method: 'POST', body: { recording } });
