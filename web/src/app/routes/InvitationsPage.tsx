import { Page } from '../../components/ui/Page';
import { PendingInvitations } from '../../features/courses/components/PendingInvitations';

/** Where the invitation mail leads (/invitations): the pending invitations with Accept and Decline. */
export function InvitationsPage() {
  return (
    <Page title="Invitations">
      <PendingInvitations showEmpty />
    </Page>
  );
}
