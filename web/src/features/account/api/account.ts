import type { NotificationPreferences, UpdateNotificationBody, UpdatePasswordBody } from '@lectern/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const notificationQueryKey = (userId: string) => ['notification', userId] as const;

/** POST /api/notification {userId} (SPEC §7): the two e-mail preferences. */
export const useNotificationPreferences = (userId: string) =>
  useQuery({
    queryKey: notificationQueryKey(userId),
    queryFn: ({ signal }) =>
      api<NotificationPreferences>('/api/notification', { method: 'POST', body: { userId }, signal }),
    retry: false,
  });

export const putUpdatePassword = (body: UpdatePasswordBody) =>
  api<{ message: string }>('/api/login/updatePassword', { method: 'PUT', body });

export const postUpdateNotification = (body: UpdateNotificationBody) =>
  api<{ message: string }>('/api/notification/update-notification', { method: 'POST', body });
