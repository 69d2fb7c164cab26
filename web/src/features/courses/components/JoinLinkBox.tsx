import { ERRORS, SUCCESS } from '@lectern/shared';
import { useId } from 'react';
import { toast } from '../../../lib/toast';

/**
 * The join link (origin + /login/{id}), copied on click, and the bare id for the join page
 * (SPEC §2 Course page, Edit lecture). Works for a course id and for a lecture id.
 */
export function JoinLinkBox({ id, idLabel }: { id: string; idLabel: string }) {
  const headingId = useId();
  const link = `${window.location.origin}/login/${id}`;

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      toast.success(SUCCESS.linkCopied);
    } catch {
      toast.error(ERRORS.copyFailed);
    }
  }

  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>Share</h2>
      <p>Students join with this link (click it to copy):</p>
      <button
        type="button"
        className="link-button"
        onClick={() => void copy()}
        aria-label={`Copy join link ${link}`}
      >
        {link}
      </button>
      <p>
        Or they press &quot;Join existing course/lecture&quot; and paste the {idLabel}: <code>{id}</code>
      </p>
    </section>
  );
}
