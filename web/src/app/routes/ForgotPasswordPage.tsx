import { Link } from 'react-router';
import { Page } from '../../components/ui/Page';
import { ForgotPasswordForm } from '../../features/auth/components/ForgotPasswordForm';

export function ForgotPasswordPage() {
  return (
    <Page title="Forgot Password">
      <div className="card auth-card">
        <p className="hint">
          Enter the email of your account and we will send you a link to set a new password.
        </p>
        <ForgotPasswordForm />
        <p>
          <Link to="/login">Back to log in</Link>
        </p>
      </div>
    </Page>
  );
}
