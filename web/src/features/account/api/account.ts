import type { NotificationPreferences, UpdateNotificationBody, UpdatePasswordBody } from '@lectern/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/notification {userId} (SPEC §7): the two e-mail preferences. */
export const useNotificationPreferences = (userId: string) =>
  useQuery({
    queryKey: queryKeys.notification(userId),
    queryFn: ({ signal }) =>
      api<NotificationPreferences>('/api/notification', { method: 'POST', body: { userId }, signal }),
    retry: false,
  });

// The account's writes (the feature's one place for them and what they change in the cache).

export const useUpdatePassword = () =>
  useMutation({
    mutationFn: (body: UpdatePasswordBody) =>
      api<{ message: string }>('/api/login/updatePassword', { method: 'PUT', body }),
  });

export function useUpdateNotification() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateNotificationBody) =>
      api<{ message: string }>('/api/notification/update-notification', { method: 'POST', body }),
    // The answer carries no preferences: the cache takes the values just saved.
    onSuccess: (_, { userId, ...saved }) => client.setQueryData(queryKeys.notification(userId), saved),
  });
}
