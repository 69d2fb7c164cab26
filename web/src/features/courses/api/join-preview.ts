import { Id, type JoinPreviewAnswer } from '@lectern/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/join/{code}: what a join link joins; asked only for a code that can be an id. */
export const useJoinPreview = (code: string | undefined) =>
  useQuery({
    queryKey: queryKeys.courses.joinPreview(code ?? ''),
    queryFn: ({ signal }) =>
      api<JoinPreviewAnswer>(`/api/join/${encodeURIComponent(code ?? '')}`, { signal }),
    enabled: code !== undefined && Id.safeParse(code).success,
    retry: false,
    staleTime: Infinity,
  });
