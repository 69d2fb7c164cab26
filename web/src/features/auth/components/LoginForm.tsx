import { ERRORS, type LoginAnswer, VALIDATION } from '@lectern/shared';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { logIn } from '../api/login';
import { serverErrorText } from '../utils/form-error';
import { FormAlert } from '../../../components/ui/FormAlert';
import { FormStatus } from '../../../components/ui/FormStatus';
import { EmailField } from './AccountFields';
import { useFormSubmit } from '../../../components/ui/use-form-submit';
import { TextField } from '../../../components/ui/TextField';

/** Shown while the browser solves a login challenge (issue 20; docs/decisions.md). */
export const CHECKING_BROWSER = 'Checking this browser…';

/** Email and password (SPEC §2 Login); the parent decides what happens with the new session. */
export function LoginForm({
  courseIDtoJoin,
  onLoggedIn,
}: {
  courseIDtoJoin?: string;
  onLoggedIn(answer: LoginAnswer): void;
}) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { error, setError, busy, send } = useFormSubmit();
  const [checking, setChecking] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!email.trim() || !password) {
      setError(VALIDATION.fillAllFields);
      return;
    }
    await send(
      async () => {
        try {
          onLoggedIn(await logIn({ email: email.trim(), password }, () => setChecking(true)));
        } finally {
          setChecking(false);
        }
      },
      { onFailure: (failure) => setError(serverErrorText(failure, ERRORS.unexpected)) },
    );
  }

  const signupPath = courseIDtoJoin ? `/signup/${encodeURIComponent(courseIDtoJoin)}` : '/signup';
  return (
    <form className="form" onSubmit={(e) => void handleSubmit(e)}>
      <EmailField autoComplete="username" value={email} onValue={setEmail} />
      <TextField
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        required
        value={password}
        onValue={setPassword}
      />
      <FormAlert message={error} />
      <FormStatus message={checking ? CHECKING_BROWSER : null} />
      <div className="row">
        <button type="submit" disabled={busy}>
          Log in
        </button>
        <Link to="/forgot-password">Forgot Password?</Link>
      </div>
      <p className="hint">
        No account yet? <Link to={signupPath}>Sign up</Link>
      </p>
    </form>
  );
}
