import { ERRORS, type LoginAnswer, VALIDATION } from '@lectern/shared';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { postSignup } from '../api/session';
import { serverErrorText } from '../utils/form-error';
import { FormAlert } from '../../../components/ui/FormAlert';
import { EmailField, NewPasswordFields } from './AccountFields';
import { useFormSubmit } from '../../../components/ui/use-form-submit';
import { TextField } from '../../../components/ui/TextField';

const EMPTY = { name: '', email: '', password: '', confirm: '' };

/** Name, Email, Password, Confirm Password (SPEC §2 Signup); signing up also signs in. */
export function SignupForm({
  courseIDtoJoin,
  onSignedUp,
}: {
  courseIDtoJoin?: string;
  onSignedUp(answer: LoginAnswer): void;
}) {
  const [fields, setFields] = useState(EMPTY);
  const { error, setError, busy, send } = useFormSubmit();
  const set = (key: keyof typeof EMPTY) => (value: string) => setFields((f) => ({ ...f, [key]: value }));

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!fields.name.trim() || !fields.email.trim() || !fields.password) {
      setError(VALIDATION.fillAllFields);
      return;
    }
    if (fields.password !== fields.confirm) {
      setError(VALIDATION.passwordsDoNotMatch);
      return;
    }
    const { name, email, password } = fields;
    await send(
      async () => onSignedUp(await postSignup({ name: name.trim(), email: email.trim(), password })),
      {
        onFailure: (failure) => setError(serverErrorText(failure, ERRORS.unexpected)),
      },
    );
  }

  const loginPath = courseIDtoJoin ? `/login/${encodeURIComponent(courseIDtoJoin)}` : '/login';
  return (
    <form className="form" onSubmit={(e) => void handleSubmit(e)}>
      <TextField
        label="Name"
        name="name"
        autoComplete="name"
        required
        value={fields.name}
        onValue={set('name')}
      />
      <EmailField autoComplete="email" value={fields.email} onValue={set('email')} />
      <NewPasswordFields
        passwordLabel="Password"
        password={fields.password}
        confirm={fields.confirm}
        onPassword={set('password')}
        onConfirm={set('confirm')}
      />
      <FormAlert message={error} />
      <div className="row">
        <button type="submit" disabled={busy}>
          Sign up
        </button>
        <span className="hint">
          Already have an account? <Link to={loginPath}>Log in</Link>
        </span>
      </div>
    </form>
  );
}
