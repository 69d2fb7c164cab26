import type { PublicConfig } from '@lectern/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/** Footer link and staff contact, from the server's configuration. */
export const usePublicConfig = () =>
  useQuery({ queryKey: ['config'], queryFn: () => api<PublicConfig>('/api/config'), staleTime: Infinity });
