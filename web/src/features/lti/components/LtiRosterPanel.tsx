import { ERRORS } from '@lectern/shared';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useLtiRoster, useSyncRoster } from '../api/roster';
import { rosterSummary } from '../roster-summary';

/**
 * The course's LMS roster on its edit page (NRPS, issue 23): for each linked LMS course, the platform, how
 * the last sync went, and a button syncing it now. Nothing for a course linked to no LMS.
 */
export function LtiRosterPanel({ courseId }: { courseId: string }) {
  const { data } = useLtiRoster(courseId);
  const sync = useSyncRoster();
  const links = data?.links ?? [];
  if (links.length === 0) return null;

  async function syncNow() {
    try {
      await sync.mutateAsync(courseId);
      toast.success('Roster sync started. This page shows its result when it ends.');
    } catch (failure) {
      toast.error(errorMessage(failure, ERRORS.unexpected));
    }
  }

  const now = new Date();
  return (
    <section aria-labelledby="lti-roster-heading">
      <h2 id="lti-roster-heading">Roster from your LMS</h2>
      <ul>
        {links.map((link, i) => (
          <li key={i}>
            <strong>{link.platformName}</strong>: <span role="status">{rosterSummary(link, now)}</span>
          </li>
        ))}
      </ul>
      {links.some((l) => l.canSync) && (
        <button
          type="button"
          className="button secondary"
          disabled={sync.isPending}
          onClick={() => void syncNow()}
        >
          Sync roster from {links.find((l) => l.canSync)!.platformName}
        </button>
      )}
    </section>
  );
}
