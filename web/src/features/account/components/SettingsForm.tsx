import { ACCOUNT_SECURITY, type NotificationPreferences, type UserDto } from '@lectern/shared';
import { type FormEvent, useEffect, useState } from 'react';
import { toast } from '../../../lib/toast';
import { FormStatus } from '../../../components/ui/FormStatus';
import { useEmailStatus, useNotificationPreferences } from '../api/account';
import { notificationFetchErrorText } from '../utils/settings-plan';
import { useSettingsSubmit } from './use-settings-submit';

const NO_PASSWORDS = { oldPassword: '', newPassword: '', confirmPassword: '' };

const CHECKBOXES: { key: keyof NotificationPreferences; label: string }[] = [
  { key: 'receiveEmailsSubmittingQuestion', label: 'Receive emails for question submissions' },
  { key: 'receiveEmailsAnsweredQuestion', label: 'Receive emails for question answers' },
];

/** Email, password change and e-mail preferences, with the inline red error area (SPEC §2 Settings). */
export function SettingsForm({ user, onAccountChanged }: { user: UserDto; onAccountChanged(): void }) {
  const preferences = useNotificationPreferences(user.id);
  const emailStatus = useEmailStatus();
  const [email, setEmail] = useState(user.email);
  const [passwords, setPasswords] = useState(NO_PASSWORDS);
  // Until the user ticks a box, the boxes show what the server holds.
  const [draft, setDraft] = useState<NotificationPreferences | null>(null);
  const shown = draft ?? preferences.data;
  const { errors, status, busy, submit } = useSettingsSubmit(
    user.id,
    user.email,
    preferences.data,
    onAccountChanged,
  );

  useEffect(() => {
    if (preferences.error) toast.error(notificationFetchErrorText(preferences.error));
  }, [preferences.error]);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { passwordChanged } = await submit({ email, ...passwords }, shown);
    if (passwordChanged) setPasswords(NO_PASSWORDS);
    setDraft(null);
  }

  const passwordField = (key: keyof typeof NO_PASSWORDS, label: string, autoComplete: string) => (
    <label>
      {label}
      <input
        type="password"
        autoComplete={autoComplete}
        value={passwords[key]}
        onChange={(e) => setPasswords((p) => ({ ...p, [key]: e.target.value }))}
      />
    </label>
  );

  return (
    <form className="form" onSubmit={(e) => void handleSubmit(e)}>
      <label>
        Email
        <input type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      </label>
      {passwordField('oldPassword', 'Old password', 'current-password')}
      {passwordField('newPassword', 'New password', 'new-password')}
      {passwordField('confirmPassword', 'Confirm new password', 'new-password')}
      <p className="hint">Leave the old password empty to keep your password and email as they are.</p>
      <fieldset>
        <legend>Email notifications</legend>
        {CHECKBOXES.map(({ key, label }) => (
          <label key={key} className="checkbox">
            <input
              type="checkbox"
              checked={shown?.[key] ?? false}
              disabled={!shown}
              onChange={(e) => shown && setDraft({ ...shown, [key]: e.target.checked })}
            />
            {label}
          </label>
        ))}
        {emailStatus.data && !emailStatus.data.verified && (
          <p className="hint">{ACCOUNT_SECURITY.notificationsNeedVerifiedAddress}</p>
        )}
      </fieldset>
      <div role="alert" className="error-text">
        {errors.map((message) => (
          <p key={message}>{message}</p>
        ))}
      </div>
      <div className="row">
        <button type="submit" disabled={busy}>
          Update
        </button>
      </div>
      <FormStatus message={status} />
    </form>
  );
}
