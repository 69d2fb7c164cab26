import { type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError } from '../../lib/api-client';
import { clearSession, readSession } from '../../lib/session-storage';

export const isRejectedToken = (error: unknown): boolean => error instanceof ApiError && error.status === 401;

/**
 * A token can die while the app is open (expiry, logout elsewhere, password reset). The first query
 * the server refuses with 401 drops it, as the start-up check does (SPEC §4 Session), and the guard
 * then sends the visitor to /login.
 */
export function useDropRejectedSession(queryClient: QueryClient, onDropped: () => void): void {
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'error') return;
        if (!isRejectedToken(event.action.error) || !readSession()) return;
        clearSession();
        // Out of the cache's own notification, since onDropped clears that cache.
        window.setTimeout(onDropped, 0);
      }),
    [queryClient, onDropped],
  );
}
