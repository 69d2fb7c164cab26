import { LOADING } from '@lectern/shared';
import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../../features/auth/session-context';

// Loaded beside the page rather than with the app: the account code would weigh on every first load,
// the watch page's included, for a banner most users never see.
const EmailVerificationStatus = lazy(() =>
  import('../../features/account/components/EmailVerificationStatus').then((m) => ({
    default: m.EmailVerificationStatus,
  })),
);

/** Not on the watch page, where it would push the video below a phone's first screen. */
function UnverifiedBanner() {
  const { pathname } = useLocation();
  if (pathname.startsWith('/video/')) return null;
  return (
    <Suspense fallback={null}>
      <EmailVerificationStatus show="unverified" />
    </Suspense>
  );
}

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
      <UnverifiedBanner />
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
      {user && <UnverifiedBanner />}
      <Outlet />
    </>
  );
}
