import { Link } from 'react-router';
import { Page } from '../../components/ui/Page';

export function NotFoundPage() {
  return (
    <Page title="Page not found">
      <p>There is no page at this address.</p>
      <Link to="/">Go to the home page</Link>
    </Page>
  );
}
