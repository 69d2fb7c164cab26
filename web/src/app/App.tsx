import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { TOAST_CLOSE_MS } from '@lectern/shared';
import { SessionProvider } from '../features/auth/session-context';
import { LiveEvents } from './LiveEvents';
import { queryClient } from './query-client';
import { router } from './router';

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <LiveEvents>
          <RouterProvider router={router} />
        </LiveEvents>
      </SessionProvider>
      <ToastContainer position="top-right" autoClose={TOAST_CLOSE_MS} />
    </QueryClientProvider>
  );
}
