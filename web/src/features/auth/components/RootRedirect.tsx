import { LOADING } from '@lectern/shared';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../session-context';

/** "Redirecting...": to / when logged in, else to /login (SPEC §2). */
export function RootRedirect() {
  const { status, user } = useSession();
  const navigate = useNavigate();
  useEffect(() => {
    if (status === 'ready') void navigate(user ? '/' : '/login', { replace: true });
  }, [status, user, navigate]);
  return <p role="status">{LOADING.redirecting}</p>;
}
