import type { FollowUpDto, FollowUpList, WaitingFollowUpList } from '@lectern/shared';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useWrite } from '../../../lib/use-write';

// Follow-ups under an answered question (issue 24). Loaded with the follow-ups' section, never in the
// watch page's first load. `followup.changed` events refresh the list on every open screen.

/** GET /api/questions/{id}/follow-ups. */
export const useFollowUps = (questionId: string) =>
  useQuery({
    queryKey: queryKeys.questions.followUps(questionId),
    queryFn: () => api<FollowUpList>(`/api/questions/${questionId}/follow-ups`),
  });

/** GET /api/follow-ups/waiting: the instructor's unanswered follow-ups (Action Items). */
export const useWaitingFollowUps = (refetchInterval: number) =>
  useQuery({
    queryKey: queryKeys.questions.followUpsWaiting,
    queryFn: () => api<WaitingFollowUpList>('/api/follow-ups/waiting'),
    refetchInterval,
  });

export const refresh = (client: QueryClient, _data: unknown, write: { questionId: string }) =>
  Promise.all([
    client.invalidateQueries({ queryKey: queryKeys.questions.followUps(write.questionId) }),
    client.invalidateQueries({ queryKey: queryKeys.questions.followUpsWaiting }),
  ]);

export const usePostFollowUp = () =>
  useWrite(
    (write: { questionId: string; text: string }) =>
      api<FollowUpDto>(`/api/questions/${write.questionId}/follow-ups`, {
        method: 'POST',
        body: { text: write.text },
      }),
    refresh,
  );

/** The instructor's answer in words to a follow-up. */
export const useAnswerFollowUp = () =>
  useWrite(
    (write: { questionId: string; followUpId: string; text: string }) =>
      api<FollowUpDto>(`/api/follow-ups/${write.followUpId}/answer`, {
        method: 'PUT',
        body: { text: write.text },
      }),
    refresh,
  );

export const useDeleteFollowUp = () =>
  useWrite(
    (write: { questionId: string; followUpId: string }) =>
      api<void>(`/api/follow-ups/${write.followUpId}`, { method: 'DELETE' }),
    refresh,
  );
