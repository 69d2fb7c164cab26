import { Link } from 'react-router';
import { Page } from '../../../components/ui/Page';

/** /admin/lti opened by someone who does not administer the installation: say so, never the form. */
export function NotInstallationAdmin() {
  return (
    <Page title="You are not allowed to manage LTI platforms">
      <p>
        This page is for the administrators of this Lectern installation. Ask the people who run Lectern at
        your institution to register your learning platform.
      </p>
      <p>
        <Link className="button" to="/">
          Back to Home
        </Link>
      </p>
    </Page>
  );
}
