import {
  FETCH_ERRORS,
  type NotificationPreferences,
  SETTINGS_ERRORS,
  type UpdateNotificationBody,
  type UpdatePasswordBody,
  VALIDATION,
} from '@lectern/shared';
import { ApiError } from '../../../lib/api-client';

export interface PasswordFields {
  email: string;
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** SPEC §5 Settings: no old password, no call; else new must equal confirm before anything is sent. */
export type PasswordPlan =
  { kind: 'skip' } | { kind: 'mismatch'; message: string } | { kind: 'send'; body: UpdatePasswordBody };

/**
 * What Update says when it sends nothing (issue 11 #10): a typed email or new password without the old
 * password would otherwise vanish in silence.
 */
export function nothingSentNotice(
  fields: PasswordFields,
  currentEmail: string,
  nothingChanged: string,
): string {
  const typed = fields.email.trim() !== currentEmail || fields.newPassword || fields.confirmPassword;
  return typed ? 'Enter your old password to change your email or password.' : nothingChanged;
}

export function planPasswordUpdate(userId: string, fields: PasswordFields): PasswordPlan {
  if (!fields.oldPassword) return { kind: 'skip' };
  if (fields.newPassword !== fields.confirmPassword)
    return { kind: 'mismatch', message: VALIDATION.newPasswordsDoNotMatch };
  return {
    kind: 'send',
    body: {
      userId,
      email: fields.email.trim(),
      oldPassword: fields.oldPassword,
      // An empty new password keeps the current one (an email-only change still proves the password).
      ...(fields.newPassword ? { newPassword: fields.newPassword } : {}),
    },
  };
}

/** SPEC §5: preferences are sent only when they differ from the loaded values. */
export function planNotificationUpdate(
  userId: string,
  loaded: NotificationPreferences | undefined,
  shown: NotificationPreferences | undefined,
): UpdateNotificationBody | null {
  if (!loaded || !shown) return null;
  const changed =
    loaded.receiveEmailsSubmittingQuestion !== shown.receiveEmailsSubmittingQuestion ||
    loaded.receiveEmailsAnsweredQuestion !== shown.receiveEmailsAnsweredQuestion;
  return changed ? { userId, ...shown } : null;
}

/** SPEC §7 Handling of answers: 401 on the password update means the current password is wrong. */
export const passwordErrorText = (error: unknown): string =>
  error instanceof ApiError && error.status === 401
    ? SETTINGS_ERRORS.incorrectPassword
    : SETTINGS_ERRORS.passwordUpdateFailed;

/** SPEC §7: 404 on the notification update means the user was not found. */
export const notificationErrorText = (error: unknown): string =>
  error instanceof ApiError && error.status === 404
    ? SETTINGS_ERRORS.userNotFound
    : SETTINGS_ERRORS.updateUserFailed;

/** SPEC §8: a refusal by the server, or "Error: " and the message when the call itself failed. */
export const notificationFetchErrorText = (error: unknown): string =>
  error instanceof ApiError && error.status > 0
    ? FETCH_ERRORS.notificationOptions
    : `${FETCH_ERRORS.notificationPrefix}${error instanceof Error ? error.message : String(error)}`;
