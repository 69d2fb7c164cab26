import { useEffect, useState, useSyncExternalStore } from 'react';
import { useEventsStatus, useStreamEvents } from '../../lib/events/EventsProvider';
import { RoomSession } from './room-session';

/**
 * The room session of one page: its snapshot re-renders the page, the events stream feeds it its signals
 * (joining waits for it to be open), and leaving the page (unmount, tab closed) leaves the room and turns
 * the camera off.
 */
export function useRoomSession(questionId: string) {
  const [session] = useState(() => new RoomSession(questionId));
  const snapshot = useSyncExternalStore(session.subscribe, session.getSnapshot);
  useStreamEvents(session.onEvent);
  const streamOpen = useEventsStatus() === 'open';
  useEffect(() => session.setStreamOpen(streamOpen), [session, streamOpen]);
  useEffect(() => {
    window.addEventListener('pagehide', session.dispose);
    return () => {
      window.removeEventListener('pagehide', session.dispose);
      session.dispose();
    };
  }, [session]);
  return { session, snapshot };
}
