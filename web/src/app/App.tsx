import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, lazy } from 'react';
import { RouterProvider } from 'react-router';
import { TOAST_CLOSE_MS } from '@lectern/shared';
import { SessionProvider } from '../features/auth/session-context';
import { loadToastify } from '../lib/toast';
import { LiveEvents } from './LiveEvents';
import { queryClient } from './query-client';
import { router } from './router';

// Its own chunk, requested at the first render (lib/toast.ts).
const ToastContainer = lazy(async () => ({ default: (await loadToastify()).ToastContainer }));

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <LiveEvents>
          <RouterProvider router={router} />
        </LiveEvents>
      </SessionProvider>
      <Suspense fallback={null}>
        <ToastContainer position="top-right" autoClose={TOAST_CLOSE_MS} />
      </Suspense>
    </QueryClientProvider>
  );
}
