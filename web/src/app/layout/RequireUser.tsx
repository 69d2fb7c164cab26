import { LOADING } from '@lectern/shared';
import { Navigate, Outlet, useLocation } from 'react-router';
import { EmailVerificationStatus } from '../../features/account/components/EmailVerificationStatus';
import { useSession } from '../../features/auth/session-context';

/**
 * Guard of the pages that need a user (SPEC §2): "Loading..." while checking, else to /login. Signed-in
 * pages, here and in SessionReady, show an unverified address with its resend button (issue 20).
 */
export function RequireUser() {
  const { status, user } = useSession();
  const location = useLocation();
  if (status === 'checking') return <p role="status">{LOADING.session}</p>;
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  return (
    <>
      <EmailVerificationStatus show="unverified" />
      <Outlet />
    </>
  );
}

/** Waits for the session check without requiring a user (public pages that adapt to one). */
export function SessionReady() {
  const { status, user } = useSession();
  if (status === 'checking') return <p role="status">{LOADING.session}</p>;
  return (
    <>
      {user && <EmailVerificationStatus show="unverified" />}
      <Outlet />
    </>
  );
}
