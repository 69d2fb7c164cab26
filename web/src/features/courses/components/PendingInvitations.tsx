import { ACCOUNT_SECURITY, ERRORS } from '@lectern/shared';
import { toast } from '../../../lib/toast';
import { errorMessage } from '../../../lib/api-client';
import { useAcceptInvitation, useDeclineInvitation, useInvitations } from '../api/invitations';

/**
 * The user's pending invitations to administer a course, each with Accept and Decline (issue 12).
 * `showEmpty` says so when there are none (the invitations page); elsewhere it renders nothing then.
 */
export function PendingInvitations({ showEmpty = false }: { showEmpty?: boolean }) {
  const { data } = useInvitations();
  const accept = useAcceptInvitation();
  const decline = useDeclineInvitation();
  const busy = accept.isPending || decline.isPending;
  if (!data || (data.length === 0 && !showEmpty)) return null;

  async function run(write: Promise<{ message: string }>) {
    try {
      toast.success((await write).message);
    } catch (failure) {
      toast.error(errorMessage(failure, ERRORS.unexpected));
    }
  }

  return (
    <section aria-labelledby="pending-invitations">
      <h2 id="pending-invitations">Invitations to administer a course</h2>
      {data.length === 0 && <p>{ACCOUNT_SECURITY.noInvitations}</p>}
      <ul className="card-list">
        {data.map((invitation) => (
          <li key={invitation.id} className="card">
            <p>
              {invitation.invitedBy ?? 'Someone'} invited you to administer{' '}
              <strong>{invitation.courseName}</strong>.
            </p>
            <p className="row">
              <button
                type="button"
                disabled={busy}
                aria-label={`Accept the invitation to ${invitation.courseName}`}
                onClick={() => void run(accept.mutateAsync(invitation.id))}
              >
                Accept
              </button>
              <button
                type="button"
                className="secondary"
                disabled={busy}
                aria-label={`Decline the invitation to ${invitation.courseName}`}
                onClick={() => void run(decline.mutateAsync(invitation.id))}
              >
                Decline
              </button>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
