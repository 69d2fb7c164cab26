import { ERRORS } from '@lectern/shared';
import { Link } from 'react-router';
import { Page } from '../../../components/ui/Page';

/** "Video Not Found" with a Return link to / (SPEC §2). */
export function VideoNotFound() {
  return (
    <Page title={ERRORS.videoNotFound}>
      <Link to="/">Return</Link>
    </Page>
  );
}
