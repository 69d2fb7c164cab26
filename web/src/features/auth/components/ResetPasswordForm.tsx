import { ERRORS, VALIDATION } from '@lectern/shared';
import { type FormEvent, useState } from 'react';
import { postResetPassword } from '../api/session';
import { serverErrorText } from '../utils/form-error';
import { FormAlert } from '../../../components/ui/FormAlert';
import { NewPasswordFields } from './AccountFields';
import { useFormSubmit } from '../../../components/ui/use-form-submit';

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
      <NewPasswordFields
        passwordLabel="New Password"
        password={password}
        confirm={confirm}
        onPassword={setPassword}
        onConfirm={setConfirm}
      />
      <FormAlert message={error} />
      <div className="row">
        <button type="submit" disabled={busy}>
          Reset Password
        </button>
      </div>
    </form>
  );
}
