import type { JoinPreviewAnswer } from '@lectern/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/join/{code}: what a join link joins; a code that is no id gets 400, and no preview. */
export const useJoinPreview = (code: string | undefined) =>
  useQuery({
    queryKey: queryKeys.courses.joinPreview(code ?? ''),
    queryFn: ({ signal }) =>
      api<JoinPreviewAnswer>(`/api/join/${encodeURIComponent(code ?? '')}`, { signal }),
    enabled: Boolean(code),
    retry: false,
    staleTime: Infinity,
  });
