import { useEffect, useState, useSyncExternalStore } from 'react';
import { DEFAULT_TIME_LIMIT_MS } from './recorder-machine';
import { RecorderSession } from './recorder-session';

/** A recorder session for one component: its snapshot re-renders it; unmounting stops every track. */
export function useRecorder(timeLimitMs = DEFAULT_TIME_LIMIT_MS) {
  const [session] = useState(() => new RecorderSession(timeLimitMs));
  const snapshot = useSyncExternalStore(session.subscribe, session.getSnapshot);
  useEffect(() => () => session.dispose(), [session]);
  return { session, ...snapshot };
}
