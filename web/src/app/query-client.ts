import { QueryClient } from '@tanstack/react-query';

/** The app's one cache: the provider in App and the route loaders that start reads early share it. */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});
