import type { PostKind } from '@lectern/shared';
import { type FormEvent, useId, useState } from 'react';
import { OutcomeLine } from '../../../components/ui/OutcomeLine';
import { errorMessage } from '../../../lib/api-client';
import { useFlagPost, useSetPostHidden } from '../api/flags-api';

type Outcome = { ok: boolean; message: string } | null;

/** "Hide from students" or "Restore" for the course's admins, with the post's state said beside it. */
export function HideButton({ kind, id, hidden }: { kind: PostKind; id: string; hidden: boolean }) {
  const setHidden = useSetPostHidden();
  return (
    <button
      type="button"
      disabled={setHidden.isPending}
      onClick={() => void setHidden.mutateAsync({ kind, id, hidden: !hidden })}
    >
      {hidden ? 'Restore' : 'Hide from students'}
    </button>
  );
}

/** A member's flag on a post, with an optional reason: a button that opens a small form. */
function FlagForm({ kind, id, what }: { kind: PostKind; id: string; what: string }) {
  const flag = useFlagPost();
  const fieldId = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await flag.mutateAsync({ kind, id, reason });
      setOpen(false);
      setOutcome({ ok: true, message: 'Flagged for the instructors' });
    } catch (error) {
      setOutcome({ ok: false, message: errorMessage(error, 'The flag could not be sent') });
    }
  };
  if (!open)
    return (
      <div>
        <button type="button" onClick={() => setOpen(true)}>
          {`Flag this ${what}`}
        </button>
        <OutcomeLine outcome={outcome} />
      </div>
    );
  return (
    <form className="form" onSubmit={(e) => void submit(e)} noValidate>
      <label htmlFor={fieldId}>Reason (optional)</label>
      <input id={fieldId} value={reason} maxLength={300} onChange={(e) => setReason(e.target.value)} />
      <button type="submit" disabled={flag.isPending}>
        Send flag
      </button>
      <button type="button" onClick={() => setOpen(false)}>
        Cancel
      </button>
      <OutcomeLine outcome={outcome} />
    </form>
  );
}

/**
 * Flags and hiding on one post (issue 24): the course's admins see whether it is hidden and hide or
 * restore it; a member flags it. A hidden post reaches only its author and the admins, so the note
 * tells the author why classmates no longer see it.
 */
export function PostModeration({
  kind,
  id,
  hidden,
  admin,
  what,
}: {
  kind: PostKind;
  id: string;
  hidden: boolean;
  admin: boolean;
  what: string;
}) {
  return (
    <div className="post-moderation">
      {hidden && <p className="hint">{`This ${what} is hidden from students.`}</p>}
      {admin ? (
        <HideButton kind={kind} id={id} hidden={hidden} />
      ) : (
        !hidden && <FlagForm kind={kind} id={id} what={what} />
      )}
    </div>
  );
}
