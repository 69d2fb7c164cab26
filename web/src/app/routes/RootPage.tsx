import { Page } from '../../components/ui/Page';
import { useSession } from '../../features/auth/session-context';
import { Landing } from '../../features/dashboard/components/Landing';
import { HomePage } from './HomePage';

/**
 * `/`: the Home dashboard for a user; for a visitor, the landing page rather than the bare login form
 * (issue 11 #5). Every other protected page still sends visitors to /login.
 */
export function RootPage() {
  const { user } = useSession();
  if (user) return <HomePage />;
  return (
    <Page title="Questions pinned to the moment, answered by video">
      <Landing />
    </Page>
  );
}
