import { ERRORS, SUCCESS } from '@lectern/shared';
import { type FormEvent, useState } from 'react';
import { postForgotPassword } from '../api/session';
import { FormAlert } from '../../../components/ui/FormAlert';
import { EmailField } from './AccountFields';

/** Email and "Send Reset Link" (SPEC §2). The answer never tells whether the address has an account. */
export function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const [outcome, setOutcome] = useState<'idle' | 'busy' | 'sent' | 'failed'>('idle');

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setOutcome('busy');
    try {
      await postForgotPassword(email.trim());
      setOutcome('sent');
    } catch {
      setOutcome('failed');
    }
  }

  return (
    <form className="form" onSubmit={(e) => void handleSubmit(e)}>
      <EmailField autoComplete="email" value={email} onValue={setEmail} />
      {outcome === 'sent' && (
        <p role="status" className="success-text">
          {SUCCESS.resetLinkSent}
        </p>
      )}
      {outcome === 'failed' && <FormAlert message={ERRORS.resetRequestFailed} />}
      <div className="row">
        <button type="submit" disabled={outcome === 'busy'}>
          Send Reset Link
        </button>
      </div>
    </form>
  );
}
