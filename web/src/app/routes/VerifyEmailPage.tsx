import { ERRORS } from '@lectern/shared';
import { Link, useParams } from 'react-router';
import { Page } from '../../components/ui/Page';
import { FormAlert } from '../../components/ui/FormAlert';
import { useVerifyEmail } from '../../features/account/api/account';
import { errorMessage } from '../../lib/api-client';

/**
 * The page of the mailed link (/verify-email/{token}). It verifies on a click, not on load: mail scanners
 * open links, and must not use them up.
 */
export function VerifyEmailPage() {
  const { token = '' } = useParams();
  const verify = useVerifyEmail();
  return (
    <Page title="Verify e-mail address">
      <div className="card auth-card">
        {verify.isSuccess ? (
          <>
            <p role="status">{verify.data.message}</p>
            <Link to="/settings">Go to Settings</Link>
          </>
        ) : (
          <>
            <button type="button" disabled={verify.isPending} onClick={() => verify.mutate(token)}>
              Verify my e-mail address
            </button>
            <FormAlert message={verify.isError ? errorMessage(verify.error, ERRORS.unexpected) : ''} />
          </>
        )}
      </div>
    </Page>
  );
}
