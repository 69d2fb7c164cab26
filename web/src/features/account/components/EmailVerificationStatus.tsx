import { ACCOUNT_SECURITY, ERRORS } from '@lectern/shared';
import { toast } from '../../../lib/toast';
import { errorMessage } from '../../../lib/api-client';
import { useEmailStatus, useResendVerification } from '../api/account';

/** Settings: whether the address is proven, a change awaiting its link, and a way to resend it (issue 12). */
export function EmailVerificationStatus() {
  const { data } = useEmailStatus();
  const resend = useResendVerification();
  if (!data || (data.verified && !data.pendingEmail)) return null;

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
