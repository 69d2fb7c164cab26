import { ERRORS, PASSWORD_RULE, VALIDATION } from '@lectern/shared';
import { type FormEvent, useState } from 'react';
import { postResetPassword } from '../api/session';
import { serverErrorText } from '../utils/form-error';
import { newPasswordInput } from '../utils/new-password-input';
import { FormAlert } from '../../../components/ui/FormAlert';
import { useFormSubmit } from '../../../components/ui/use-form-submit';
import { TextField } from '../../../components/ui/TextField';

/** New Password and Confirm Password for the token of the emailed link (SPEC §2). */
export function ResetPasswordForm({ token, onReset }: { token: string; onReset(): void }) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const { error, setError, busy, send } = useFormSubmit();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (password !== confirm) {
      setError(VALIDATION.passwordsDoNotMatch);
      return;
    }
    await send(
      async () => {
        await postResetPassword(token, password);
        onReset();
      },
      { onFailure: (failure) => setError(serverErrorText(failure, ERRORS.resetFailed)) },
    );
  }

  return (
    <form className="form" onSubmit={(e) => void handleSubmit(e)}>
      <TextField label="New Password" {...newPasswordInput} value={password} onValue={setPassword} />
      <TextField label="Confirm Password" {...newPasswordInput} value={confirm} onValue={setConfirm} />
      <p id="password-rule" className="hint">
        {PASSWORD_RULE}
      </p>
      <FormAlert message={error} />
      <div className="row">
        <button type="submit" disabled={busy}>
          Reset Password
        </button>
      </div>
    </form>
  );
}
