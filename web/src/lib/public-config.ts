import type { PublicConfig } from '@lectern/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { queryKeys } from './query-keys';

/** Footer link and staff contact, from the server's configuration. */
export const usePublicConfig = () =>
  useQuery({
    queryKey: queryKeys.config,
    queryFn: () => api<PublicConfig>('/api/config'),
    staleTime: Infinity,
  });
