import { ACCOUNT_SECURITY, ERRORS } from '@lectern/shared';
import { toast } from '../../../lib/toast';
import { errorMessage } from '../../../lib/api-client';
import { useEmailStatus, useResendVerification } from '../api/account';

/**
 * What is left to prove, with a way to resend its link (issues 12 and 20): an unverified address, shown on
 * every signed-in page (no notification reaches it), or a change awaiting its link, shown in Settings.
 */
export function EmailVerificationStatus({ show }: { show: 'unverified' | 'pendingChange' }) {
  const { data } = useEmailStatus();
  const resend = useResendVerification();
  const wanted = show === 'unverified' ? data && !data.verified : data?.verified && data.pendingEmail;
  if (!data || !wanted) return null;

  async function send() {
    try {
      toast.success((await resend.mutateAsync()).message);
    } catch (failure) {
      toast.error(errorMessage(failure, ERRORS.unexpected));
    }
  }

  return (
    <div className="card" role="status">
      <p>
        {data.pendingEmail
          ? ACCOUNT_SECURITY.emailChangePending(data.pendingEmail)
          : `${data.email}: ${ACCOUNT_SECURITY.emailUnverified}`}
      </p>
      <button type="button" className="secondary" disabled={resend.isPending} onClick={() => void send()}>
        {ACCOUNT_SECURITY.resendVerification}
      </button>
    </div>
  );
}
