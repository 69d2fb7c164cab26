import { type NotificationPreferences, SUCCESS } from '@lectern/shared';
import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { NOTHING_CHANGED } from '../../../components/ui/FormStatus';
import { logUsage } from '../../../lib/usage-log';
import { useUpdateNotification, useUpdatePassword } from '../api/account';
import {
  type PasswordFields,
  notificationErrorText,
  nothingSentNotice,
  passwordErrorText,
  planNotificationUpdate,
  planPasswordUpdate,
} from '../utils/settings-plan';

/**
 * The Update button of Settings (SPEC §5, §7): the password call and the preferences call are
 * independent; each success shows its toast and is logged, each failure adds a line to the error area.
 * When neither has anything to send, the status line says why nothing happened.
 */
export function useSettingsSubmit(
  userId: string,
  currentEmail: string,
  loaded: NotificationPreferences | undefined,
  onAccountChanged: () => void,
) {
  const updatePassword = useUpdatePassword();
  const updateNotification = useUpdateNotification();
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<string | null>(null);

  async function submit(
    fields: PasswordFields,
    shown: NotificationPreferences | undefined,
  ): Promise<{ passwordChanged: boolean }> {
    const passwordPlan = planPasswordUpdate(userId, fields);
    if (passwordPlan.kind === 'mismatch') {
      setErrors([passwordPlan.message]);
      return { passwordChanged: false };
    }
    const notificationBody = planNotificationUpdate(userId, loaded, shown);
    setStatus(null);
    if (passwordPlan.kind === 'skip' && !notificationBody) {
      setErrors([]);
      setStatus(nothingSentNotice(fields, currentEmail, NOTHING_CHANGED));
      return { passwordChanged: false };
    }
    const failures: string[] = [];
    let passwordChanged = false;
    setBusy(true);
    if (passwordPlan.kind === 'send') {
      try {
        await updatePassword.mutateAsync(passwordPlan.body);
        passwordChanged = true;
        onAccountChanged(); // the email may have changed with it
        toast.success(SUCCESS.passwordUpdated);
        logUsage('updatePassword', {});
      } catch (error) {
        failures.push(passwordErrorText(error));
      }
    }
    if (notificationBody) {
      try {
        await updateNotification.mutateAsync(notificationBody);
        toast.success(SUCCESS.notificationsUpdated);
        logUsage('update-notification', {});
      } catch (error) {
        failures.push(notificationErrorText(error));
      }
    }
    setErrors(failures);
    setBusy(false);
    return { passwordChanged };
  }

  return { errors, status, busy, submit };
}
