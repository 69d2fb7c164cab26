import type { InvitationAnswer, InvitationDto } from '@lectern/shared';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { useResubscribe } from '../../../lib/events/EventsProvider';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useWrite } from '../../../lib/use-write';

// Invitations to administer a course (issue 12): add-admin invites, the invitee answers.

export const useInvitations = () =>
  useQuery({
    queryKey: queryKeys.invitations,
    queryFn: ({ signal }) => api<InvitationDto[]>('/api/invitations', { signal }),
  });

const answer = (id: string, action: 'accept' | 'decline') =>
  api<InvitationAnswer>(`/api/invitations/${encodeURIComponent(id)}/${action}`, { method: 'POST' });

const refreshInvitations = (client: QueryClient) =>
  client.invalidateQueries({ queryKey: queryKeys.invitations });

/** Accepting changes the user's courses, and the events stream must follow the new course. */
export function useAcceptInvitation() {
  const resubscribe = useResubscribe();
  return useWrite(
    (id: string) => answer(id, 'accept'),
    (client) => {
      resubscribe();
      return Promise.all([
        refreshInvitations(client),
        client.invalidateQueries({ queryKey: queryKeys.courses.all }),
        client.invalidateQueries({ queryKey: queryKeys.dashboard.all }),
      ]);
    },
  );
}

export const useDeclineInvitation = () => useWrite((id: string) => answer(id, 'decline'), refreshInvitations);
