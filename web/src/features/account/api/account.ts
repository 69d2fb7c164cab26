import type {
  EmailStatus,
  NotificationPreferences,
  UpdateNotificationBody,
  UpdatePasswordBody,
} from '@lectern/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useWrite } from '../../../lib/use-write';

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
  useWrite(
    (body: UpdatePasswordBody) =>
      api<{ message: string }>('/api/login/updatePassword', { method: 'PUT', body }),
    // A changed address shows as pending in Settings until its link is opened.
    (client) => client.invalidateQueries({ queryKey: queryKeys.emailStatus }),
  );

export function useUpdateNotification() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateNotificationBody) =>
      api<{ message: string }>('/api/notification/update-notification', { method: 'POST', body }),
    // The answer carries no preferences: the cache takes the values just saved.
    onSuccess: (_, { userId, ...saved }) => client.setQueryData(queryKeys.notification(userId), saved),
  });
}

/** GET /api/account/email: the address in use, whether it is proven, and a pending change (issue 12). */
export const useEmailStatus = () =>
  useQuery({
    queryKey: queryKeys.emailStatus,
    queryFn: ({ signal }) => api<EmailStatus>('/api/account/email', { signal }),
  });

export const useResendVerification = () =>
  useWrite(
    () => api<{ message: string }>('/api/account/resend-verification', { method: 'POST' }),
    () => undefined,
  );

/** The mailed link's page; anyone holding it may use it, so it works logged out too. */
export const useVerifyEmail = () =>
  useWrite(
    (token: string) =>
      api<{ message: string }>('/api/account/verify-email', { method: 'POST', body: { token } }),
    (client) => client.invalidateQueries({ queryKey: queryKeys.emailStatus }),
  );
