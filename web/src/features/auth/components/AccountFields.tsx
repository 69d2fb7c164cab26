import { PASSWORD_RULE } from '@lectern/shared';
import { TextField } from '../../../components/ui/TextField';
import { newPasswordInput } from '../utils/new-password-input';

/** The Email field of the account forms; `autoComplete` tells a password manager which form this is. */
export function EmailField({
  value,
  onValue,
  autoComplete,
}: {
  value: string;
  onValue(value: string): void;
  autoComplete: 'email' | 'username';
}) {
  return (
    <TextField
      label="Email"
      type="email"
      name="email"
      autoComplete={autoComplete}
      required
      value={value}
      onValue={onValue}
    />
  );
}

/** A new password, its confirmation and the stated rule they are described by (SPEC §2 Signup, Reset). */
export function NewPasswordFields({
  passwordLabel,
  password,
  confirm,
  onPassword,
  onConfirm,
}: {
  passwordLabel: string;
  password: string;
  confirm: string;
  onPassword(value: string): void;
  onConfirm(value: string): void;
}) {
  return (
    <>
      <TextField
        label={passwordLabel}
        name="password"
        {...newPasswordInput}
        value={password}
        onValue={onPassword}
      />
      <TextField
        label="Confirm Password"
        name="confirm"
        {...newPasswordInput}
        value={confirm}
        onValue={onConfirm}
      />
      <p id="password-rule" className="hint">
        {PASSWORD_RULE}
      </p>
    </>
  );
}
