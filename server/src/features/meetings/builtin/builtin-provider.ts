import type { MeetingProvider } from '../provider';

/**
 * The built-in room: WebRTC between the browsers, signalled through Lectern, so there is nothing to open
 * or end on another server. A discussion happens on the room page; a recording is made by the
 * in-browser recorder of the respond page.
 */
export function createBuiltinProvider(publicUrl: string): MeetingProvider {
  return {
    kind: 'builtin',
    async open() {},
    async joinUrl(room) {
      const page = room.purpose === 'recording' ? 'respond' : 'room';
      return `${publicUrl}/${page}/${room.questionId}`;
    },
    async end() {},
  };
}
