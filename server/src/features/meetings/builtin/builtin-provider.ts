import type { AppDeps } from '../../../app-deps';
import type { MeetingProvider } from '../provider';
import { deleteRoomPeers } from './room-peers.repository';

/**
 * The built-in room: WebRTC between the browsers, signalled through Lectern (builtin-rooms.routes.ts), so
 * there is no other server to open a room on. A discussion happens on the room page; a recording is made
 * by the in-browser recorder of the respond page. Ending a room forgets who was in it: from then on the
 * room's routes answer 404 (the meetings service checks the room is open) and the browsers leave.
 */
export function createBuiltinProvider({ config, db }: Pick<AppDeps, 'config' | 'db'>): MeetingProvider {
  return {
    kind: 'builtin',
    async open() {},
    async joinUrl(room) {
      const page = room.purpose === 'recording' ? 'respond' : 'room';
      return `${config.publicUrl}/${page}/${room.questionId}`;
    },
    async end(room) {
      await deleteRoomPeers(db, room.questionId);
    },
  };
}
