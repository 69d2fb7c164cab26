import type { FlaggedPostList, PostKind } from '@lectern/shared';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useWrite } from '../../../lib/use-write';

// Flags and hiding (issue 24). A flag or a hiding writes its post's event, which refreshes every open
// screen; the writer's own screen is refreshed here at once.

/** GET /api/flags: the flagged posts of the courses the caller administers (Action Items). */
export const useFlaggedPosts = (refetchInterval: number) =>
  useQuery({
    queryKey: queryKeys.questions.flagged,
    queryFn: () => api<FlaggedPostList>('/api/flags'),
    refetchInterval,
  });

interface PostRef {
  kind: PostKind;
  id: string;
}

// Hiding moves a question between lists and a follow-up within its thread: every question read.
const refresh = (client: QueryClient) => client.invalidateQueries({ queryKey: queryKeys.questions.all });

export const useFlagPost = () =>
  useWrite(
    (write: PostRef & { reason: string }) =>
      api<void>(`/api/posts/${write.kind}/${write.id}/flags`, {
        method: 'POST',
        body: { reason: write.reason },
      }),
    refresh,
  );

export const useSetPostHidden = () =>
  useWrite(
    (write: PostRef & { hidden: boolean }) =>
      api<void>(`/api/posts/${write.kind}/${write.id}/hidden`, {
        method: 'PUT',
        body: { hidden: write.hidden },
      }),
    refresh,
  );
