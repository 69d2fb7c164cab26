import { ERRORS } from '@lectern/shared';
import { useState } from 'react';
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
  // What was asked for, shown from the click on: the mutation's own pending state reaches the box a
  // render later, and in between React would put the old value back under the pointer.
  const [asked, setAsked] = useState<boolean | null>(null);
  if (!data || data.platforms.length === 0) return null;

  async function change(enabled: boolean) {
    setAsked(enabled);
    try {
      await set.mutateAsync({ lectureId, enabled });
    } catch (failure) {
      toast.error(errorMessage(failure, ERRORS.unexpected));
    } finally {
      setAsked(null);
    }
  }

  return (
    <section aria-labelledby="lti-gradebook-heading">
      <h2 id="lti-gradebook-heading">Gradebook</h2>
      <label>
        <input
          type="checkbox"
          checked={asked ?? data.enabled}
          disabled={asked !== null}
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
