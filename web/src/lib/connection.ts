import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError } from './api-client';

/** The server could not be reached at all (no answer), as opposed to an answer saying no. */
export const isNetworkError = (error: unknown): boolean => error instanceof ApiError && error.status === 0;

/**
 * True while the browser says it is offline, or since a read failed to reach the server until one
 * succeeds again (issue 11 #9). Reads, not the events stream: the stream may be blocked by a proxy while
 * polling works, and "Reconnecting…" already says so.
 */
export function useConnectionLost(): boolean {
  const client = useQueryClient();
  const [offline, setOffline] = useState(() => !navigator.onLine);
  const [unreachable, setUnreachable] = useState(false);
  useEffect(() => {
    const unsubscribe = client.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated') return;
      const { action } = event;
      // 'failed' comes with each failed attempt, before retries end in 'error': the banner shows at once.
      if ((action.type === 'failed' || action.type === 'error') && isNetworkError(action.error)) {
        setUnreachable(true);
      } else if (action.type === 'success') {
        setUnreachable(false);
      }
    });
    const update = () => setOffline(!navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      unsubscribe();
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, [client]);
  return offline || unreachable;
}
