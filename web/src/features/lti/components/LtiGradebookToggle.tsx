import { ERRORS } from '@lectern/shared';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useLtiGradebook, useSetLtiGradebook } from '../api/gradebook';

/**
 * "Send watch progress to the gradebook" on a lecture's edit page (AGS, issue 23): offered only when the
 * lecture's course is linked to an LMS course whose launches offer its gradebook.
 */
export function LtiGradebookToggle({ lectureId }: { lectureId: string }) {
  const { data } = useLtiGradebook(lectureId);
  const set = useSetLtiGradebook();
  if (!data || data.platforms.length === 0) return null;

  async function change(enabled: boolean) {
    try {
      await set.mutateAsync({ lectureId, enabled });
    } catch (failure) {
      toast.error(errorMessage(failure, ERRORS.unexpected));
    }
  }

  return (
    <section aria-labelledby="lti-gradebook-heading">
      <h2 id="lti-gradebook-heading">Gradebook</h2>
      <label>
        <input
          type="checkbox"
          // While the change is on its way, the box shows what was asked for.
          checked={set.isPending ? set.variables.enabled : data.enabled}
          disabled={set.isPending}
          onChange={(event) => void change(event.target.checked)}
        />{' '}
        Send watch progress to the gradebook
      </label>
      <p className="hint">
        Each student&apos;s percentage watched of this lecture&apos;s videos goes to{' '}
        {data.platforms.join(' and ')} as a score out of 100, at most once a minute.
      </p>
      {data.enabled && data.lastError && (
        <p role="status">The last send to the gradebook failed: {data.lastError}.</p>
      )}
    </section>
  );
}
