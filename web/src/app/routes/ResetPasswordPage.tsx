import { SUCCESS } from '@lectern/shared';
import { useNavigate, useParams } from 'react-router';
import { toast } from '../../lib/toast';
import { Page } from '../../components/ui/Page';
import { ResetPasswordForm } from '../../features/auth/components/ResetPasswordForm';
import { useSession } from '../../features/auth/session-context';

export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const { user, signOut } = useSession();

  // A reset ends every session on the server, so a session kept in this browser is dropped too.
  async function handleReset() {
    if (user) await signOut();
    toast.success(SUCCESS.passwordReset);
    void navigate('/login', { replace: true });
  }

  return (
    <Page title="Reset Password">
      <div className="card auth-card">
        <ResetPasswordForm token={token} onReset={() => void handleReset()} />
      </div>
    </Page>
  );
}
