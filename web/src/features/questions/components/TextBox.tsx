import { type FormEvent, useId, useState } from 'react';
import { OutcomeLine } from '../../../components/ui/OutcomeLine';
import { errorMessage } from '../../../lib/api-client';

type Outcome = { ok: boolean; message: string } | null;

/**
 * One short text box with its label and button: a follow-up, the instructor's answer to one, a student's
 * answer (issue 24). Emptied once sent unless `initial` is given (an edit keeps what was written).
 */
export function TextBox({
  label,
  button,
  max,
  send,
  initial,
}: {
  label: string;
  button: string;
  max: number;
  send(text: string): Promise<unknown>;
  initial?: string;
}) {
  const fieldId = useId();
  const [text, setText] = useState(initial ?? '');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') return setOutcome({ ok: false, message: 'Write something first' });
    setBusy(true);
    setOutcome(null);
    try {
      await send(text);
      if (initial === undefined) setText('');
      setOutcome({ ok: true, message: 'Sent' });
    } catch (error) {
      setOutcome({ ok: false, message: errorMessage(error, 'It could not be sent') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="form" onSubmit={(e) => void submit(e)} noValidate>
      <label htmlFor={fieldId}>{label}</label>
      <textarea
        id={fieldId}
        rows={3}
        maxLength={max}
        value={text}
        onChange={(e) => setText(e.target.value)}
        disabled={busy}
      />
      <button type="submit" disabled={busy}>
        {button}
      </button>
      <OutcomeLine outcome={outcome} />
    </form>
  );
}
